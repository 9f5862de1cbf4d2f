"""Functions bound to one module as its instance attributes (a train-mode `forward`, a `train` that rebinds it).

`bind` makes them functools.partial objects rather than types.MethodType: a method pickles as getattr(module,
function's name), which the module does not have (torch.save(model) failed on it), while a partial pickles and
deep-copies with the module it holds, and dynamo traces it. `bound_object` says which object such an attribute is
bound to, so code that builds a module from another one's attributes can leave the old bindings behind.
"""

from __future__ import annotations

import functools
import types


def bind(function, module) -> functools.partial:
    """`function` bound to `module`, to set as one of its instance attributes."""
    return functools.partial(function, module)


def bound_object(value):
    """The object a method or a bound partial is bound to; None for any other value."""
    if isinstance(value, types.MethodType):
        return value.__self__
    if isinstance(value, functools.partial) and value.args:
        return value.args[0]
    return None
