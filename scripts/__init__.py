"""Scripts run by hand, each with `python -m scripts.<name>`: they regenerate the product's data files (word lists),
run and score the evaluation sets, and write their figures into the docs."""
