// Go's net/http FileServer over one folder: the listing every Go program that serves
// files with it gives. Built and run by servers/go_fileserver.py.
package main

import (
	"flag"
	"log"
	"net/http"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	root := flag.String("root", ".", "folder to serve")
	flag.Parse()
	log.Fatal(http.ListenAndServe(*addr, http.FileServer(http.Dir(*root))))
}
