"""One module per architecture; each declares ZOO_CLASSES (see patchzoo.registry)."""
