"""The differential fuzzer (fuzz.py) as a test: fixed seeds, every program must agree with torch.

Each seed visits every class (family:form) once, in a seed-shuffled order, so the run covers
every form twice with different shapes, values and operand kinds (~1100 programs, a few
seconds). A class listed in ``fuzz.KNOWN_DIFFERENCES`` may disagree; any other disagreeing class
fails the test with a shrunk reproducer. A listed class that now agrees in every program also
fails ("fixed, remove from KNOWN_DIFFERENCES"), and so does a listed class these seeds never
run, so the list cannot rot.

    pytest -q -s tests/engine/test_fuzz.py        # -s prints the agreement figures
    python tests/engine/fuzz.py --n 2000 --seed 7 -v   # a wider run, with reproducers
"""

import fuzz

SEEDS = (0, 1)


def test_fuzz_programs_agree_with_torch():
    per_seed = len(fuzz.classes())
    reports = [fuzz.fuzz(per_seed, seed) for seed in SEEDS]
    table = {}
    for report in reports:
        for key, (agreed, total, failure) in report.by_class().items():
            row = table.setdefault(key, [0, 0, None])
            row[0] += agreed
            row[1] += total
            if failure is not None and (row[2] is None
                                        or len(failure[0].code()) < len(row[2][0].code())):
                row[2] = failure
    agreed = sum(a for a, _, _ in table.values())
    total = sum(t for _, t, _ in table.values())
    known_failing = [k for k, (a, t, _) in table.items()
                     if a < t and k in fuzz.KNOWN_DIFFERENCES]
    summary = (f"fuzz: {agreed}/{total} programs agree with torch ({100 * agreed / total:.1f}%); "
               f"{sum(a == t for a, t, _ in table.values())}/{len(table)} classes agree; "
               f"{len(known_failing)} known differences; seeds {SEEDS}, "
               f"{sum(r.seconds for r in reports):.1f}s")
    print("\n" + summary)

    problems = []
    for key, (a, t, failure) in table.items():
        if a < t and key not in fuzz.KNOWN_DIFFERENCES:
            problems.append(f"NEW DIFFERENCE {key} ({a}/{t} agree)\n{fuzz.reproducer(*failure)}")
    for key, reason in fuzz.KNOWN_DIFFERENCES.items():
        if key not in table:
            problems.append(f"STALE {key}: not run by seeds {SEEDS} (renamed form?), "
                            f"remove from KNOWN_DIFFERENCES ({reason})")
        elif table[key][0] == table[key][1]:
            problems.append(f"FIXED {key}: all {table[key][1]} programs agree now, "
                            f"remove from KNOWN_DIFFERENCES ({reason})")
    assert not problems, summary + "\n\n" + "\n\n".join(problems)
