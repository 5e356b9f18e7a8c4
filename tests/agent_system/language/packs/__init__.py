"""Language packs that live with the tests: each folder is one language, registered by its own tests."""
