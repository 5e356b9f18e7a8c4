"""Scripts that regenerate the product's data files (word lists); run with `python -m scripts.<name>`."""
