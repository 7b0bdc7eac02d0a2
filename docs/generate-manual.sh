#!/bin/sh
# Regenerates docs/mydex.1 with swift-argument-parser's generate-manual, the tool of its
# GenerateManual plugin. Run from the repository: sh docs/generate-manual.sh [YYYY-MM-DD]
#
# generate-manual 1.8.2 drops every non-ASCII character ("Pokémon" becomes "Pokmon", Korean
# examples vanish). So the tool reads mydex's help through a wrapper that spells those characters
# as ASCII placeholders, and the placeholders become mdoc's \[uXXXX] escapes afterwards.
set -eu
date=${1:-$(date -u +%Y-%m-%d)}
# The plugin builds mydex and the tool (and writes an ASCII-only manual we do not keep).
swift package generate-manual --configuration debug --date "$date" >/dev/null
bin=$(swift build --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/mydex" <<WRAPPER
#!/bin/sh
"$bin/mydex" "\$@" | python3 -c '
import sys
text = sys.stdin.read()
sys.stdout.write("".join(c if ord(c) < 128 else "UNICODE%04XEND" % ord(c) for c in text))'
WRAPPER
chmod +x "$work/mydex"
mkdir "$work/out"
"$bin/generate-manual" "$work/mydex" --date "$date" --output-directory "$work/out"
# An empty line in mdoc is a paragraph break groff warns about (lintian reports each): .Pp says it.
sed -E -e 's/UNICODE([0-9A-F]{4,6})END/\\[u\1]/g' -e 's/^$/.Pp/' "$work/out/mydex.1" > docs/mydex.1
echo "wrote docs/mydex.1"
