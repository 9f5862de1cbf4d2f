"""Where a --model (or --config) value points: a local checkpoint directory, or a Hub id read without network waits.

A value that names a local path is never sent to the Hub; a Hub id is tried once (no retries) and read from the
local Hub cache when the Hub is out of reach, so every command fails in well under a second offline.
"""

from __future__ import annotations

import os
from pathlib import Path

from patchzoo.commands.checks import UsageError


def checkpoint_dir_or_hub_id(name: str, *, what: str = "--model") -> str:
    """Return ``name`` as a checkpoint directory (expanded) or unchanged as a Hub id.

    A value that names a local path is never sent to the Hub: a missing path, a file, or a directory without
    ``config.json`` raises UsageError naming it. Paths are what exists, what starts with '.', '~' or '/', what has
    more than one '/', and 'a/b' whose 'a' is a local directory (a mistyped sub-directory, not a Hub repo).
    Anything else (``owner/name``, ``name``) is a Hub id.
    """
    expanded = os.path.expanduser(name)
    is_path = (
        os.path.exists(expanded)
        or name.startswith((".", "~", os.sep))
        or name.count("/") > 1
        or ("/" in name and os.path.isdir(name.split("/", 1)[0]))
    )
    if not is_path:
        return name
    path = Path(expanded)
    if not path.exists():
        raise UsageError(f"{what} {name}: no such directory (a Hub id is 'owner/name')")
    if not path.is_dir():
        raise UsageError(f"{what} {name}: not a directory; pass the checkpoint directory that holds config.json")
    if not (path / "config.json").is_file():
        raise UsageError(f"{what} {name}: no config.json in this directory; is it a saved checkpoint?")
    return str(path)


def hub_unreachable(timeout_s: float = 5.0) -> str | None:
    """Why the Hub cannot be used now (one line), or None when it answers.

    One request through huggingface_hub's own session (its proxies and endpoint), no retries: the download path
    retries a dead network for ~25 s before it gives up, this answers at once.
    """
    from huggingface_hub import constants
    from huggingface_hub.utils import get_session

    if constants.HF_HUB_OFFLINE:
        return "HF_HUB_OFFLINE is set"
    try:
        get_session().head(constants.ENDPOINT, timeout=timeout_s)
    except Exception as error:  # any failure to get an answer means the same thing here: no Hub
        return f"{constants.ENDPOINT} cannot be reached: {str(error).splitlines()[0] if str(error) else type(error).__name__}"
    return None


def reachable_checkpoint(name: str, *, what: str = "--model") -> str:
    """``name`` as something the loaders can read now, without network retries.

    A local checkpoint directory comes back as its path (checked by checkpoint_dir_or_hub_id). A Hub id comes back
    unchanged when the Hub answers; when it does not (HF_HUB_OFFLINE, no network) the id is read from the local Hub
    cache and its snapshot directory comes back, so nothing later goes to the network. UsageError when neither works.
    """
    name = checkpoint_dir_or_hub_id(name, what=what)
    if os.path.isdir(name):
        return name
    from huggingface_hub import snapshot_download
    from huggingface_hub.utils import HFValidationError, validate_repo_id

    try:
        validate_repo_id(name)
    except HFValidationError:
        raise UsageError(f"{what} {name}: neither a checkpoint directory nor a Hub id ('owner/name')") from None
    why = hub_unreachable()
    if why is None:
        return name
    try:
        return snapshot_download(name, local_files_only=True)
    except (OSError, ValueError):
        raise UsageError(
            f"{what} {name}: not in the local Hub cache and the Hub is out of reach ({why}); "
            "pass a checkpoint directory, or download the model where there is network"
        ) from None


def checkpoint_config(name: str, *, what: str = "--model"):
    """The transformers config of a checkpoint directory or Hub id (from reachable_checkpoint); an unreadable or
    unknown one is a UsageError naming it, not a traceback."""
    import transformers

    try:
        return transformers.AutoConfig.from_pretrained(name)
    except (OSError, ValueError, KeyError) as error:
        first_line = (str(error).strip().splitlines() or [type(error).__name__])[0]
        raise UsageError(f"{what} {name}: cannot read its config: {first_line}") from None


def checked_checkpoint(name: str, *, what: str = "--model", weights: bool = True) -> tuple[str, dict]:
    """A checkpoint every later step can read: (path or Hub id, config.json as a dict).

    Local directories (and Hub ids found in the local cache) get their config.json parsed and, with ``weights``, every
    safetensors header checked, so a corrupt or truncated file is named here rather than in a traceback later. A Hub
    id read over the network is checked when its files arrive.
    """
    from patchzoo.commands.checks import check_tensor_names, config_json, weight_files

    path = reachable_checkpoint(name, what=what)
    if not os.path.isdir(path):
        return path, checkpoint_config(path, what=what).to_dict()
    config = config_json(path, what=what)
    if weights:
        weight_files(path, what=what)
        check_tensor_names(path, config, what=what)
    return path, config
