"""The pool never waits on no worker at all: a slow oldest job no longer hangs a batch for ever.

On 6f90dd1 (and 1b1a19c) the pool stopped sending once as many jobs as it
allows ahead of the oldest unanswered one were out; when that slow oldest job
came back, every answer was handed on, no worker had a job, and the pool
waited for an answer from none of them, for ever. ``roads render -d`` of
2,000 to 10,000 short shoes with ``-j 2`` hung that way in about half the runs.
"""

from __future__ import annotations

import random
import signal
import time

import pytest

from roads.pool import run_tasks


class Hung(Exception):
    """The pool took far longer than it can (not an OSError, which the pool reads as a dead worker)."""


def hung(signum: int, frame: object) -> None:
    raise Hung("the pool hung")


def jitter(item: int) -> int:
    """Answer at once, but now and then after a few milliseconds: the mix that left the oldest job last."""
    chance = random.Random(item)
    if chance.random() < 0.05:
        time.sleep(chance.random() * 0.004)
    return item * item


def lost(item: int) -> int:
    return -1


@pytest.mark.slow
def test_a_slow_oldest_job_does_not_hang_the_pool() -> None:
    # Without the fix two runs in three of 20,000 such jobs hung; three runs make a miss very unlikely.
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(120)  # a hang raises here, and closing the pool ends its workers
    try:
        for _ in range(3):
            answers = [answer for _, answer in run_tasks(range(20_000), 2, jitter, lost)]
            assert answers == [n * n for n in range(20_000)]
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
