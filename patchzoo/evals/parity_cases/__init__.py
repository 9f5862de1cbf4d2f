"""One module per architecture, each exporting CASE: a patchzoo.evals.parity.ParityCase.

This package imports nothing heavy, so the command line can offer ARCHITECTURES as choices before torch loads.
"""

# Architectures in table order; each has a module patchzoo/evals/parity_cases/<arch>_case.py with CASE.
ARCHITECTURES = (
    "bert", "roberta", "xlm_roberta", "t5", "mixtral", "llama", "llama_gptq",
    "seamless_m4t_v2", "seamless_m4t_v2_s2t", "seamless_m4t_v2_s2st", "seamless_m4t_v2_model",
)
