"""Interleaved series, the one way every ratio in the benchmarks is measured.

Each turn runs every kind once, in another order each turn (the orders' permutations in
turn), so that a burst of load hits every kind alike and none always follows another. The
baseline runs twice in each turn, as `baseline` and as `again`: the ratio of the two (A/A)
is the run's noise floor, what a build that adds nothing would be measured at. A target over
several cases is judged on the geometric mean of their ratios, the worst case beside it, and
only where the A/A ratios' geometric mean says the machine was quiet enough to judge.
"""

import itertools
import math
import statistics

# A/A ratios whose geometric mean is further from 1 than this: too noisy to judge.
NOISE_FLOOR = 1.05


def orders(kinds):
    """Every order of kinds, one per turn in turn: none always follows another."""
    return [list(order) for order in itertools.permutations(kinds)]


def interleaved(runners, runs, log=None):
    """{kind: [what its runner returned, run by run]}: runs turns of every runner (a dict of
    kind to a function of no arguments), each turn in another order. log, given, is called
    with the turn's number and what each kind returned in it."""
    turns = orders(runners)
    series = {kind: [] for kind in runners}
    for turn in range(runs):
        for kind in turns[turn % len(turns)]:
            series[kind].append(runners[kind]())
        if log:
            log(turn + 1, {kind: values[-1] for kind, values in series.items()})
    return series


def quartiles(values):
    """[Q1, median, Q3] (a single run is all three)."""
    if len(values) < 2:
        return [values[0]] * 3
    cuts = statistics.quantiles(values, n=4, method='inclusive')
    return [cuts[0], cuts[1], cuts[2]]


def compared(subject, baseline, again):
    """{subject, baseline, again (each [Q1, median, Q3]), ratio (subject against baseline),
    noise (again against baseline: the A/A ratio), runs} of three series of times."""
    medians = [statistics.median(values) for values in (subject, baseline, again)]
    return {'subject': quartiles(subject), 'baseline': quartiles(baseline),
            'again': quartiles(again), 'ratio': medians[0] / medians[1],
            'noise': medians[2] / medians[1], 'runs': len(subject)}


def geometric_mean(values):
    values = list(values)
    return math.exp(sum(math.log(value) for value in values) / len(values))


def quiet(noises):
    """Whether A/A ratios say the machine was quiet enough to judge: their geometric mean
    within NOISE_FLOOR either way."""
    mean = geometric_mean(noises)
    return max(mean, 1 / mean) <= NOISE_FLOOR


def judged(rows, limit, worst_limit=None):
    """{mean, worst, noise, quiet, met} of compared rows held to one target: the geometric
    mean of their ratios at most limit (and no one over worst_limit, given), judged only when
    their A/A ratios are quiet (met is None otherwise)."""
    mean = geometric_mean(row['ratio'] for row in rows)
    worst = max(row['ratio'] for row in rows)
    calm = quiet(row['noise'] for row in rows)
    met = mean <= limit and (worst_limit is None or worst <= worst_limit)
    return {'mean': mean, 'worst': worst, 'noise': geometric_mean(row['noise'] for row in rows),
            'quiet': calm, 'met': met if calm else None}
