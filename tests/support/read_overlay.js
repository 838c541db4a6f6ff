// The overlay as docs/contract.md describes it, read in the page by every engine's tests:
// its data- attributes (but data-role), or null when no overlay is open.
() => {
  const host = document.getElementById('autoindex-sitemap');
  if (!host) return null;
  const root = host.shadowRoot;
  const attributes = (element) => {
    const found = {};
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('data-') && attribute.name !== 'data-role') found[attribute.name.slice(5)] = attribute.value;
    }
    return found;
  };
  const status = root.querySelector('[data-role=status]');
  const pager = root.querySelector('[data-role=pager]');
  const select = root.querySelector('[data-role=page-size]');
  const next = root.querySelector('[data-role=next]');
  return {
    status: Object.assign(attributes(status), {text: status.textContent}),
    pager: attributes(pager),
    sizes: [...select.options].map((option) => option.value),
    size: select.value,
    nextDisabled: next.disabled,
    matches: root.querySelector('[data-role=matches]').textContent,
    hits: [...root.querySelectorAll('[data-role=hit]')].map(attributes),
    totals: [...root.querySelectorAll('[data-role=row] [data-role=total]')].map((total) => Object.assign(
      attributes(total), {href: total.closest('[data-role=row]').getAttribute('data-href')})),
    exported: root.querySelector('[data-role=export-text]').value,
    rows: [...root.querySelectorAll('[data-role=row]')].map((row) => Object.assign(
      attributes(row),
      {children: [...row.querySelectorAll('[data-role=child]')].map(attributes)})),
  };
}
