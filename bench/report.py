"""How the benchmarks' report writes a figure: a table, a time, a ratio, a median with its
quartiles, a target's verdict. bench/run.py writes docs/benchmarks.md with them, and a
benchmark run alone prints its own section with them."""

from bench.series import geometric_mean, quiet


def table(header, rows):
    lines = ['| ' + ' | '.join(header) + ' |', '|' + '|'.join('---' for _ in header) + '|']
    for row in rows:
        lines.append('| ' + ' | '.join(str(cell) for cell in row) + ' |')
    return '\n'.join(lines)


def ms(value):
    return '{:,.0f} ms'.format(value)


def ratio(value):
    return '{:.2f}x'.format(value)


def verdict(met):
    return 'met' if met else '**missed**'


def spread(values):
    """A median and its quartiles, [Q1, median, Q3], in words."""
    return '{} ({:,.0f} to {:,.0f})'.format(ms(values[1]), values[0], values[2])


def fine_ms(value):
    return '{:,.1f} ms'.format(value)


def fine_spread(values):
    """A median and its quartiles, [Q1, median, Q3], to a tenth of a ms."""
    return '{} ({:,.1f} to {:,.1f})'.format(fine_ms(values[1]), values[0], values[2])


def timed(met, rows):
    """A timing target's verdict, judged only where the A/A ratios of the rows it rests on say
    the machine was quiet (bench/series.py)."""
    noises = [row['noise'] for row in rows]
    return verdict(met) if quiet(noises) else 'not judged: A/A {}'.format(
        ratio(geometric_mean(noises)))
