"""The checks every `patchzoo` command runs on its inputs and outputs before any work starts.

A command raises ``UsageError("what is wrong; what to do")`` for bad input a user can fix; ``patchzoo.cli.main``
prints it as ``patchzoo <command>: error: <message>`` on stderr and exits 2, with no traceback (``--debug``
shows one). The checks read only what they must (a config.json, the few-kB header of a safetensors file, DCP's
metadata) and import nothing heavy at module level, so a bad path fails in milliseconds, before torch loads.

Outputs are never allowed to destroy inputs: an output directory may not be an input or lie inside or around
one, and an existing non-empty output directory is refused unless the user passed --overwrite.
"""

from __future__ import annotations

import codecs
import json
import os
import struct
from pathlib import Path

# Any of these in a checkpoint directory means AutoTokenizer can load a tokenizer from it.
TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model", "vocab.json")
_SAFETENSORS_DTYPE_BYTES = {"F64": 8, "F32": 4, "F16": 2, "BF16": 2, "I64": 8, "I32": 4, "I16": 2, "I8": 1, "U8": 1,
                            "BOOL": 1, "F8_E4M3": 1, "F8_E5M2": 1, "U16": 2, "U32": 4, "U64": 8}


class UsageError(Exception):
    """Bad input that the user can fix; the message names the problem and what to do, in one line."""


def _path(name: str) -> Path:
    return Path(os.path.expanduser(name))


# ---------------------------------------------------------------------------------------------------- inputs


def existing_file(name: str, *, what: str) -> Path:
    """``name`` as an existing, readable file, else UsageError naming the option and the path."""
    path = _path(name)
    if path.is_dir():
        raise UsageError(f"{what} {name}: is a directory; name a file")
    if not path.is_file():
        raise UsageError(f"{what} {name}: no such file")
    if not os.access(path, os.R_OK):
        raise UsageError(f"{what} {name}: not readable (permissions)")
    return path


def text_file(name: str, *, what: str) -> Path:
    """An existing UTF-8 text file with some non-blank text in it (read once here, in chunks)."""
    path = existing_file(name, what=what)
    decoder = codecs.getincrementaldecoder("utf-8")()
    blank = True
    with open(path, "rb") as f:
        offset = 0
        while chunk := f.read(1 << 20):
            try:
                text = decoder.decode(chunk)
            except UnicodeDecodeError as error:
                raise UsageError(f"{what} {name}: not UTF-8 text (byte {offset + error.start}); "
                                 "pass a plain-text file") from None
            if "\x00" in text:
                raise UsageError(f"{what} {name}: holds NUL bytes, so it is a binary file; pass a plain-text file")
            blank = blank and not text.strip()
            offset += len(chunk)
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise UsageError(f"{what} {name}: ends inside a UTF-8 character (truncated?); pass a plain-text file") from None
    if blank:
        raise UsageError(f"{what} {name}: holds no text")
    return path


def config_json(directory: str | Path, *, what: str) -> dict:
    """The parsed config.json of a checkpoint directory; UsageError when it is missing, not JSON or has no model_type."""
    path = Path(directory) / "config.json"
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise UsageError(f"{what} {directory}: no config.json in this directory; is it a saved checkpoint?") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{what} {directory}: cannot read its config.json ({_first_line(error)}); "
                         "re-save the checkpoint with save_pretrained") from None
    if not isinstance(config, dict) or not isinstance(config.get("model_type"), str):
        raise UsageError(f"{what} {directory}: config.json has no model_type; re-save the checkpoint with save_pretrained")
    return config


def safetensors_header(path: Path) -> dict:
    """The tensor table of one .safetensors file; ValueError when the file is not one or is cut short."""
    size = path.stat().st_size
    with open(path, "rb") as f:
        prefix = f.read(8)
        if len(prefix) < 8:
            raise ValueError("shorter than a safetensors header")
        (header_len,) = struct.unpack("<Q", prefix)
        if header_len > min(size - 8, 100 << 20):
            raise ValueError("header length beyond the file's end (not a safetensors file, or truncated)")
        try:
            header = json.loads(f.read(header_len))
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise ValueError("header is not JSON (not a safetensors file)") from None
    if not isinstance(header, dict):
        raise ValueError("header is not a tensor table")
    data_bytes = size - 8 - header_len
    for key, info in header.items():
        if key == "__metadata__":
            continue
        try:
            begin, end = info["data_offsets"]
            count = 1
            for dim in info["shape"]:
                count *= dim
            itemsize = _SAFETENSORS_DTYPE_BYTES[info["dtype"]]
        except (KeyError, TypeError, ValueError):
            raise ValueError(f"tensor {key} has a malformed entry") from None
        if end > data_bytes:
            raise ValueError(f"tensor {key} ends at byte {end} of {data_bytes} (truncated)")
        if end - begin != count * itemsize:
            raise ValueError(f"tensor {key}: shape {info['shape']} {info['dtype']} does not fit {end - begin} bytes")
    return header


def weight_files(directory: str | Path, *, what: str) -> list[Path]:
    """The checkpoint's .safetensors files, each header checked (and the shard index, when there is one)."""
    directory = Path(directory)
    files = sorted(directory.glob("*.safetensors"))
    if not files:
        raise UsageError(f"{what} {directory}: holds no *.safetensors weights; save the model with save_pretrained")
    for file in files:
        try:
            safetensors_header(file)
        except (OSError, ValueError) as error:
            raise UsageError(f"{what} {directory}: {file.name} is damaged ({error}); re-save or re-download it") from None
    for index in directory.glob("*.safetensors.index.json"):
        try:
            shards = set(json.loads(index.read_text(encoding="utf-8"))["weight_map"].values())
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            raise UsageError(f"{what} {directory}: {index.name} is not a shard index; re-save the checkpoint") from None
        missing = sorted(s for s in shards if not (directory / s).is_file())
        if missing:
            raise UsageError(f"{what} {directory}: {index.name} names shards that are missing: {', '.join(missing[:3])}")
    return files


def check_tensor_names(directory: str | Path, config: dict, *, what: str) -> None:
    """UsageError when the checkpoint lacks tensors its own class (config.architectures[0]) needs: a damaged or
    half-copied checkpoint that from_pretrained would fill with random values and only warn about.

    A missing tensor that shares its storage with one present (tied embeddings) is fine. GPTQ checkpoints (other
    tensor names), model types whose checkpoints transformers renames or fuses on load (Mixtral's experts), and
    classes transformers does not know are left to the loader.
    """
    import torch
    import transformers

    architectures = config.get("architectures") or []
    cls = getattr(transformers, architectures[0], None) if architectures else None
    if cls is None or is_gptq(config) or _renamed_on_load(config["model_type"]):
        return
    present = set()
    for file in Path(directory).glob("*.safetensors"):
        present |= set(safetensors_header(file)) - {"__metadata__"}
    try:
        with torch.device("meta"):  # names and shapes only
            model = cls(transformers.AutoConfig.from_pretrained(directory))
    except Exception:  # a config the class cannot build from: from_pretrained will say why
        return
    names_of = {}
    for name, tensor in model.state_dict(keep_vars=True).items():
        names_of.setdefault(id(tensor), []).append(name)
    missing = sorted(name for names in names_of.values() if not present & set(names) for name in names)
    if missing:
        raise UsageError(f"{what} {directory}: lacks {len(missing)} of the tensors {cls.__name__} needs (e.g. "
                         f"{missing[0]}); the checkpoint is incomplete: re-save or re-download it")


def _renamed_on_load(model_type: str) -> bool:
    try:
        from transformers.conversion_mapping import get_checkpoint_conversion_mapping

        return bool(get_checkpoint_conversion_mapping(model_type))
    except Exception:  # an older transformers without the mapping: no check rather than a wrong one
        return True


def has_tokenizer(directory: str | Path) -> bool:
    return any((Path(directory) / name).is_file() for name in TOKENIZER_FILES)


def require_tokenizer(directory: str | Path, *, what: str, why: str) -> None:
    if Path(directory).is_dir() and not has_tokenizer(directory):
        raise UsageError(f"{what} {directory}: holds no tokenizer, which {why}; save the tokenizer there "
                         "(tokenizer.save_pretrained)")


def is_gptq(config: dict) -> bool:
    quantization = config.get("quantization_config")
    return isinstance(quantization, dict) and str(quantization.get("quant_method", "")).lower() == "gptq"


def is_causal_lm(config: dict) -> bool:
    return any(str(a).endswith("ForCausalLM") for a in config.get("architectures") or [])


def max_positions(config: dict) -> int | None:
    """The longest sequence the model's position table or rotary setup declares (None when it declares none)."""
    for key in ("max_position_embeddings", "n_positions", "max_sequence_length"):
        if isinstance(config.get(key), int):
            return config[key]
    return None


def dcp_checkpoint(path: Path, *, what: str):
    """DCP's metadata of a finished checkpoint directory, with every data file checked to hold what it indexes."""
    from torch.distributed.checkpoint import FileSystemReader

    try:
        metadata = FileSystemReader(str(path)).read_metadata()
    except Exception as error:  # a truncated pickle raises any of several errors: all mean the same here
        raise UsageError(f"{what} {path}: its .metadata cannot be read ({_first_line(error)}); "
                         "pick an earlier step-NNNNNNN") from None
    needed: dict[str, int] = {}
    for info in (metadata.storage_data or {}).values():
        needed[info.relative_path] = max(needed.get(info.relative_path, 0), info.offset + info.length)
    for name, size in sorted(needed.items()):
        file = path / name
        have = file.stat().st_size if file.is_file() else None
        if have is None or have < size:
            state = "missing" if have is None else f"cut short ({have} of {size} bytes)"
            raise UsageError(f"{what} {path}: data file {name} is {state}; pick an earlier step-NNNNNNN")
    return metadata


# ---------------------------------------------------------------------------------------------------- outputs


def _writable_ancestor(path: Path) -> Path:
    """The nearest existing ancestor of `path`, which must be a writable directory for `path` to be created."""
    ancestor = path.absolute().parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    return ancestor


def output_file(name: str, *, what: str, inputs: tuple[str | Path, ...] = ()) -> Path:
    """A file the command will write (missing parent directories are created then): not a directory, not an
    input, in a place the user may write."""
    path = _path(name)
    if path.is_dir():
        raise UsageError(f"{what} {name}: is a directory; name a file")
    for given in inputs:
        if given and _path(str(given)).exists() and path.exists() and path.resolve() == _path(str(given)).resolve():
            raise UsageError(f"{what} {name}: is an input of this command; name another file")
    target = path if path.exists() else _writable_ancestor(path)
    if target.is_file() and target != path:
        raise UsageError(f"{what} {name}: {target} is a file, so no directory can be made there")
    if not os.access(target, os.W_OK):
        raise UsageError(f"{what} {name}: {target} is not writable")
    return path


def output_dir(name: str, *, what: str = "--out", inputs: tuple[str | Path, ...] = (), overwrite: bool = False) -> Path:
    """A directory the command will fill: never an input, inside one or around one; not a file; an existing one
    only when empty, or when the user passed --overwrite (then only the files the command writes are replaced)."""
    path = _path(name)
    if path.exists() and not path.is_dir():
        raise UsageError(f"{what} {name}: is a file; name a directory")
    resolved = path.resolve()
    for given in inputs:
        if not given:
            continue
        source = _path(str(given))
        if not source.exists():
            continue
        source = source.resolve()
        if resolved == source:
            raise UsageError(f"{what} {name}: is the input {given}; writing there would destroy it. Name a new directory")
        if source in resolved.parents:
            raise UsageError(f"{what} {name}: lies inside the input {given}; name a directory outside it")
        if resolved in source.parents:
            raise UsageError(f"{what} {name}: holds the input {given}; name a directory that does not contain it")
    if path.is_dir() and any(path.iterdir()) and not overwrite:
        raise UsageError(f"{what} {name}: exists and is not empty; name a new directory, or pass --overwrite to "
                         "replace what this command writes there")
    target = path if path.exists() else _writable_ancestor(path)
    if target.is_file():
        raise UsageError(f"{what} {name}: {target} is a file, so no directory can be made there")
    if not os.access(target, os.W_OK):
        raise UsageError(f"{what} {name}: {target} is not writable")
    return path


# ---------------------------------------------------------------------------------------------------- numbers


def at_least(value, minimum, option: str) -> None:
    if not value >= minimum:
        raise UsageError(f"{option} {value}: must be at least {minimum}")


def positive(value, option: str) -> None:
    if not value > 0:
        raise UsageError(f"{option} {value}: must be positive")


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]
