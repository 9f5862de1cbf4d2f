# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
R# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
A# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
D# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
M# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
R# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
;# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
G# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
g# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
R# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
0# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
Y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
?# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
3# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
R# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
?# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
3# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
0# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
Y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
g# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
Y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
g# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
'# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
j# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
R# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
@# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
[# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
]# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
@# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
j# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
v# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
z# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
z# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
;# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
S# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
_# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
M# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
4# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
7# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
3# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
4# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
0# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
G# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
`# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
0# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
6# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
8# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
8# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
,# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
9# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
5# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
A# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
Z# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
_# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
S# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
L# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
W# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
z# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
S# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
_# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
M# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
b# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
3# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
0# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
2# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
@# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
C# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
S# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
_# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
M# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
k# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
"# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
B# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
I# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
/# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
1# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
5# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
## SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
G# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
U# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
w# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
i# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
d# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
g# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
Y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
O# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
P# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
A# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
T# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
H# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
=# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
o# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
3# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
q# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
g# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
u# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
l# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
n# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
:# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
	# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
m# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
-# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
r# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
f# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
$# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
(# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
E# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
N# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
V# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
)# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
 # SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
.# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
p# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
y# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
s# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
t# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
_# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
a# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
c# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
h# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
e# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores

# SUITE_TIME: 1473 tests (1231 run, 242 GPU, slow or stock-skipped) on a fresh clone (`bash .ci/run`) on 2 idle
# cores, 2026-11-28: 10.4 minutes of tests. PATCHZOO_SLOW=1 adds the tests marked slow (a real checkpoint
# quantized on the CPU: many minutes more).
SUITE_TIME := about 13 minutes on 2 cores
