"""Benchmarks behind ``spade bench``: each reports ratios measured side by side in one run."""
