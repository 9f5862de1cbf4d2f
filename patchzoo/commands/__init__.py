"""The `patchzoo` commands, one module each, over the library (nothing in the library imports from here).

Each module adds one subcommand through ``add_command(subparsers)`` and checks its inputs and outputs with
patchzoo.commands.checks before any work starts; options every command reads the same way (dtype, device) are in
patchzoo.commands.options, and checkpoint paths / Hub ids are resolved by patchzoo.commands.checkpoint_paths.
The parser, the one-line errors, Ctrl-C and --debug are in patchzoo.cli.
"""
