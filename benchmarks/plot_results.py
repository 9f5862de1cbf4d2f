"""The plots of benchmarks/RESULTS.md, drawn from the measured tables in benchmarks/data/*.csv.

    python -m benchmarks.plot_results            # writes benchmarks/plots/*.png (needs matplotlib)

Each CSV holds one table of RESULTS.md as the benchmark printed it (µs columns), with the GPU, the
versions, the date and the command that produced it in its leading `#` lines. Nothing here measures:
re-run the command named in a CSV on a GPU, paste its table into RESULTS.md and the CSV, then run this.

  moe_layer_h200.png    Mixtral MoE layer: µs against tokens, stock grouped_mm and the fused kernels
                        (eager and replayed from a CUDA graph), with the HBM / FLOP floor
  bert_vts_h200.png     BERT variable tensor shape: speed-up over stock SDPA against the padding
                        fraction p, eager and with use_cuda_graphs, against the ideal 1 / (1 - p)
  gptq_kernel.png       GPTQ W4A16 matmul: speed-up over fp16 F.linear against tokens, per shape and
                        GPU, with the int4 floor (the speed-up a kernel at the floor would have)
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
PLOT_DIR = Path(__file__).parent / "plots"


def read_table(name: str) -> tuple[list[str], list[dict[str, str]]]:
    """(the leading `#` lines without '# ', the rows) of benchmarks/data/<name>."""
    with (DATA_DIR / name).open(encoding="utf-8") as f:
        lines = f.read().splitlines()
    notes = [line[2:] for line in lines if line.startswith("# ")]
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    return notes, rows


def column(rows: list[dict[str, str]], key: str) -> list[float | None]:
    """One column as floats; an empty cell (not timed) is None."""
    return [float(r[key]) if r[key] else None for r in rows]


def gpu_of(notes: list[str]) -> str:
    return notes[0].split(";")[0]


def plot_moe(plt, path: Path) -> None:
    notes, eager = read_table("moe_layer_bf16_h200.csv")
    _, graph = read_table("moe_layer_bf16_graph_h200.csv")
    fig, ax = plt.subplots(figsize=(7, 4.8))
    tokens = column(eager, "tokens")
    ax.plot(tokens, column(eager, "hf_grouped_mm_us"), marker="o", label="stock grouped_mm (eager call)")
    ax.plot(tokens, column(eager, "patchzoo_us"), marker="o", label="patchzoo fused MoE (eager call)")
    ax.plot(column(graph, "tokens"), column(graph, "hf_grouped_mm_us"), marker="s", linestyle=":",
            color="C0", label="stock grouped_mm (CUDA graph: GPU time)")
    ax.plot(column(graph, "tokens"), column(graph, "patchzoo_us"), marker="s", linestyle=":",
            color="C1", label="patchzoo (CUDA graph: GPU time)")
    ax.plot(tokens, column(eager, "floor_us"), linestyle="--", color="k", label="floor (HBM bytes, or FLOPs)")
    ax.set_xscale("log", base=2)
    ax.set_xticks(tokens, [f"{t:g}" for t in tokens])
    ax.set_yscale("log")
    ax.set_xlabel("tokens in the layer call")
    ax.set_ylabel("µs per layer call (lower is better)")
    ax.set_title(f"Mixtral-8x7B MoE layer, bf16, {gpu_of(notes)}")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_bert(plt, path: Path) -> None:
    notes, rows = read_table("bert_vts_h200.csv")
    paddings = sorted({float(r["padding"]) for r in rows})
    fine = [i / 100 for i in range(0, 78)]
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    for ax, model in zip(axes, ("base", "large")):
        ax.plot(fine, [1 / (1 - p) for p in fine], color="k", linestyle="--", label="ideal 1 / (1 - p)")
        for colour, mode in zip(("C0", "C1", "C2"), ("infer", "train_encoder", "train_mlm")):
            for provider, style, name in (("patchzoo_graph", "-", "use_cuda_graphs"), ("patchzoo", ":", "eager")):
                for dtype, marker in (("fp16", "o"), ("bf16", "^")):
                    cells = {float(r["padding"]): float(r["hf_sdpa_us"]) / float(r[provider + "_us"])
                             for r in rows if (r["model"], r["mode"], r["dtype"]) == (model, mode, dtype)}
                    label = f"{mode}, {name}" if dtype == "fp16" else None
                    ax.plot(paddings, [cells[p] for p in paddings], color=colour, linestyle=style,
                            marker=marker, label=label)
        ax.set_xlabel("padding fraction p (share of pad tokens in the batch)")
        ax.set_title(f"bert-{model}, batch 64 x 512 (o fp16, ^ bf16)")
        ax.grid(True, alpha=0.3)
    axes[0].set_ylabel("speed-up over stock SDPA (higher is better)")
    axes[0].legend(fontsize=8)
    fig.suptitle(f"BERT variable tensor shape on {gpu_of(notes)} "
                 "(train_mlm beats the ideal: stock computes vocabulary logits at every position)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_gptq(plt, path: Path) -> None:
    tables = [read_table("gptq_kernel_h100.csv"), read_table("gptq_kernel_h200.csv")]
    shapes = list(dict.fromkeys(r["shape"] for r in tables[0][1]))
    highest = 0.0
    fig, axes = plt.subplots(len(tables), len(shapes), figsize=(3.4 * len(shapes), 3.6 * len(tables)),
                             sharey=True, squeeze=False)
    for row_axes, (notes, rows) in zip(axes, tables):
        for ax, shape in zip(row_axes, shapes):
            cells = [r for r in rows if r["shape"] == shape]
            tokens = column(cells, "tokens")
            fp16 = column(cells, "fp16_linear_us")
            for key, label, style in (("floor_us", "int4 floor", "--"),
                                      ("patchzoo_us", "patchzoo", "-"),
                                      ("patchzoo_act_order_us", "patchzoo act-order", "-")):
                speed_up = [f / t for f, t in zip(fp16, column(cells, key))]
                highest = max(highest, *speed_up)
                ax.plot(tokens, speed_up, linestyle=style, marker="" if style == "--" else "o", label=label,
                        color="k" if style == "--" else None)
            ax.axhline(1.0, color="grey", linewidth=1, label="fp16 F.linear (cuBLAS)")
            ax.set_xscale("log", base=2)
            ax.set_xticks(tokens, [f"{t:g}" for t in tokens], fontsize=7)
            ax.set_title(f"{shape}, {gpu_of(notes).removeprefix('NVIDIA ')}", fontsize=9)
            ax.grid(True, which="both", alpha=0.3)
        row_axes[0].set_ylabel("speed-up over fp16 (GPU time)")
    axes[0][0].set_ylim(0, highest * 1.05)
    for ax in axes[-1]:
        ax.set_xlabel("tokens")
    axes[0][0].legend(fontsize=7)
    fig.suptitle("GPTQ W4A16 matmul (group size 128) against fp16 F.linear and the int4 floor")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


PLOTS = {"moe_layer_h200.png": plot_moe, "bert_vts_h200.png": plot_bert, "gptq_kernel.png": plot_gptq}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=PLOT_DIR, help="directory for the PNG files")
    args = parser.parse_args()
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    args.out.mkdir(parents=True, exist_ok=True)
    for name, draw in PLOTS.items():
        draw(plt, args.out / name)
        print(args.out / name)


if __name__ == "__main__":
    main()
