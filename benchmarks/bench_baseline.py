"""The GPU's own ceilings, measured the way every other benchmark measures its floor.

    python -m benchmarks.bench_baseline

Prints the device-to-device copy bandwidth (bytes read + written per second) and the bf16 matmul
rate that benchmarks/common.py uses for the "floor" rows, with GPU name and versions.
"""

from benchmarks.common import measure_hardware


def main() -> None:
    hw = measure_hardware()
    print("| GPU | versions | date | copy bandwidth GB/s | bf16 matmul TFLOP/s |")
    print("|---|---|---|---|---|")
    print(f"| {hw.gpu} | {hw.versions} | {hw.date} | {hw.hbm_gbps:.0f} | {hw.bf16_tflops:.0f} |")


if __name__ == "__main__":
    main()
