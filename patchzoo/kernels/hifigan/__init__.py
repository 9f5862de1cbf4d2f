"""Kernels of the SeamlessM4T-v2 HiFi-GAN vocoder, in the order a waveform is made.

    duration_frames.py  rounded unit durations -> frame counts, frame ends and stock's returned lengths
    gather_frames.py    unit embeddings repeated by their durations into (B, C, T) frames
    upsample.py         a stage's upsampling: block mean + leaky ReLU + transposed convolution + mask
    masked_conv.py      leaky ReLU + convolution + bias + mask (+ residual): conv_pre, conv_post, residual blocks
    residual_step.py    both convolutions of one residual-block dilation step in one launch (65-128 channels)

duration_frames.py lives here, not at the top of kernels/: it computes the frame bookkeeping that only the
vocoder's frame gathering consumes, and its reference is the oracle of gather_frames' tests.
"""
