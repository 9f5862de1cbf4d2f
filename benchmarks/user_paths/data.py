"""Random token data shaped like real text: lognormal lengths, padded to the longest row of each batch.

Every function is seeded, so the stock and the zoo side of a row see the same batches in the same order.
"""

from __future__ import annotations

import math

import torch

PAD, FIRST_ID = 0, 4  # ids below FIRST_ID are specials (pad, bos, eos, unk) in every config used here
SIGMA = 0.6  # spread of log-lengths: a median of 120 gives a middle 50 % of about 80-180 tokens


def lognormal_lengths(count: int, median: int, max_len: int, seed: int, min_len: int = 4) -> list[int]:
    g = torch.Generator().manual_seed(seed)
    lengths = torch.exp(math.log(median) + SIGMA * torch.randn(count, generator=g)).round()
    return lengths.clamp(min_len, max_len).long().tolist()


def random_rows(lengths: list[int], vocab: int, seed: int) -> list[list[int]]:
    g = torch.Generator().manual_seed(seed)
    return [torch.randint(FIRST_ID, vocab, (n,), generator=g).tolist() for n in lengths]


def pad(rows: list[list[int]], value: int = PAD, left: bool = False) -> tuple[torch.Tensor, torch.Tensor]:
    """(ids, attention_mask), both (len(rows), longest row)."""
    longest = max(map(len, rows))
    ids = torch.full((len(rows), longest), value, dtype=torch.long)
    mask = torch.zeros(len(rows), longest, dtype=torch.long)
    for i, row in enumerate(rows):
        span = slice(longest - len(row), longest) if left else slice(0, len(row))
        ids[i, span], mask[i, span] = torch.tensor(row), 1
    return ids, mask


def padded_batches(count: int, batch: int, median: int, max_len: int, vocab: int, device, seed: int = 0,
                   left: bool = False) -> list[dict]:
    """`count` batches of {"input_ids", "attention_mask"} on `device`, each padded to its longest row."""
    out = []
    for b in range(count):
        rows = random_rows(lognormal_lengths(batch, median, max_len, seed + b), vocab, seed + b)
        ids, mask = pad(rows, left=left)
        out.append({"input_ids": ids.to(device), "attention_mask": mask.to(device)})
    return out


class TokenDataset(torch.utils.data.Dataset):
    """Rows of random token ids with lognormal lengths (a Trainer train_dataset); `targets` adds label rows."""

    def __init__(self, size: int, median: int, max_len: int, vocab: int, seed: int = 0,
                 target_median: int | None = None, target_max: int | None = None):
        self.inputs = random_rows(lognormal_lengths(size, median, max_len, seed), vocab, seed)
        self.targets = None
        if target_median is not None:
            lengths = lognormal_lengths(size, target_median, target_max, seed + 1)
            self.targets = random_rows(lengths, vocab, seed + 1)

    def __len__(self):
        return len(self.inputs)

    def __getitem__(self, i):
        item = {"input_ids": self.inputs[i]}
        if self.targets is not None:
            item["labels"] = self.targets[i]
        return item


class MaskedLMCollator:
    """Pad to the longest row; 15 % of real tokens are labelled (their input replaced by mask_id), -100 elsewhere."""

    def __init__(self, mask_id: int, share: float = 0.15, seed: int = 0):
        self.mask_id, self.share = mask_id, share
        self.generator = torch.Generator().manual_seed(seed)

    def __call__(self, items):
        ids, mask = pad([item["input_ids"] for item in items])
        picked = (torch.rand(ids.shape, generator=self.generator) < self.share) & mask.bool()
        labels = ids.masked_fill(~picked, -100)
        return {"input_ids": ids.masked_fill(picked, self.mask_id), "attention_mask": mask, "labels": labels}


def causal_lm_collate(items):
    """Pad to the longest row; labels are the inputs (the model shifts them), -100 on padding."""
    ids, mask = pad([item["input_ids"] for item in items])
    return {"input_ids": ids, "attention_mask": mask, "labels": ids.masked_fill(mask == 0, -100)}


def seq2seq_collate(items):
    ids, mask = pad([item["input_ids"] for item in items])
    labels, label_mask = pad([item["labels"] for item in items])
    return {"input_ids": ids, "attention_mask": mask, "labels": labels.masked_fill(label_mask == 0, -100)}


class ClassificationCollator:
    def __init__(self, num_labels: int, seed: int = 0):
        self.num_labels, self.generator = num_labels, torch.Generator().manual_seed(seed)

    def __call__(self, items):
        ids, mask = pad([item["input_ids"] for item in items])
        return {"input_ids": ids, "attention_mask": mask,
                "labels": torch.randint(self.num_labels, (len(items),), generator=self.generator)}
