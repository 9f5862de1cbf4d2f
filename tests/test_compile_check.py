"""`patchzoo parity --compile`'s counter and rule, on tiny BERT (dynamo's "eager" backend: counts only)."""

from test_bert_compile import SEQ, batch, twins

from patchzoo.evals.compile_check import count_compiles


def test_zoo_bert_compiles_no_more_often_than_stock():
    """Padding, batch size and length vary: stock recompiles for new shapes (not for a repeated one), the
    zoo's packed graph recompiles when stock's does and never per padding."""
    stock, zoo = twins()
    stream = [batch([SEQ, 5, 9], seed=0), batch([SEQ, 30, 2], seed=1), batch([4, 17, 9, 1], seed=2),
              batch([20, 3, 11, 6, 8], seq=24, seed=3)]
    stock_counts, zoo_counts = count_compiles(stock, stream, "eager"), count_compiles(zoo, stream, "eager")
    assert stock_counts.later >= 1
    assert count_compiles(stock, stream[:2], "eager").later == 0  # same shape, other padding
    assert zoo_counts.first + zoo_counts.later <= stock_counts.first + stock_counts.later, (stock_counts, zoo_counts)
    assert zoo_counts.tail <= stock_counts.tail
