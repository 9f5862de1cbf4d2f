"""Reusable transformations of Hugging Face modules, used by patchzoo.models and patchzoo.patch()."""
