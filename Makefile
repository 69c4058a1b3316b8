# Convenience wrappers; the scripts are the source of truth.
.PHONY: demo test fuzz docs
demo:
	bash scripts/demo.sh
test:
	bash scripts/test.sh
fuzz:
	bash scripts/fuzz.sh 60
docs:
	bash scripts/gen-diagnostic-docs.sh
