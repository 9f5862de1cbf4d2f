"""One module per architecture, each exporting CASE: a patchzoo.evals.parity.ParityCase."""
