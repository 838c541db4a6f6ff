"""One pool for every wave-2 request: at most `limit` tasks run at once, the rest wait
their turn, oldest first."""

from bookmarklet.portable import new_object, new_latch, remove_at


def new_pool(limit):
    """An empty pool: running counts the places taken, waiting holds the latches of the
    tasks queued for one."""
    pool = new_object()
    pool.place_limit = max(1, limit)
    pool.running_count = 0
    pool.waiting_tasks = []
    return pool


async def run_in_pool(pool, task):
    """What task() gives (or throws), once a place was free and it has run."""
    if pool.running_count < pool.place_limit:
        pool.running_count += 1
    else:
        turn = new_latch()
        pool.waiting_tasks.append(turn)
        # A task that ends hands its place straight to this one.
        await turn.latch_promise
    try:
        return await task()
    finally:
        # Ended, however: the place goes to the oldest waiting task, else is freed.
        if len(pool.waiting_tasks) > 0:
            turn = pool.waiting_tasks[0]
            remove_at(pool.waiting_tasks, 0)
            turn.latch_resolve(True)
        else:
            pool.running_count -= 1
