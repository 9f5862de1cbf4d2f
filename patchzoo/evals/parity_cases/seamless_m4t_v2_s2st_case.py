"""SeamlessM4T-v2's parity row for SeamlessM4Tv2ForSpeechToSpeech (speech input): see seamless_m4t_v2.py."""

from patchzoo.evals.parity_cases.seamless_m4t_v2_case import speech_case

CASE = speech_case("seamless_m4t_v2_s2st")
