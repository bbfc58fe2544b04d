#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# editors.sh - editors read a real W=style kernel build log (issue 18):
# every style warning lands on its line and its column, as computed here
# from the source, in vim's quickfix list (vim -es, getqflist()), in the
# problem matcher VS Code's $gcc uses, and in emacs compile-mode
# (emacs --batch) with no bogus error from the fix-it lines; and one
# command checks one file of the built tree as an editor's lint on save
#
# Usage: testsuite/editors.sh   (PLUGIN, GCC and BUILD from the environment)
#
# The log is the qemu stage's tinyconfig 6.1 build
# ($BUILD/qemu-6.1/style/build.log, tree $BUILD/linux-6.1); without it,
# a tinyconfig tree in $BUILD/editors-6.1 builds init/ and lib/ only.

set -uo pipefail

# shellcheck source=../scripts/lib.sh
. "$(cd "$(dirname "$0")/.." && pwd)/scripts/lib.sh"
test_env
src=$tmp_root/linux-6.1
obj=$tmp_root/qemu-6.1/style
log=$obj/build.log
tmp=$tmp_root/editors
mkdir -p "$tmp"

# A log fit for the tests: style warnings and their fix-it lines, in
# GCC's default display columns (as editors meet them; the qemu stage
# builds with -fdiagnostics-column-unit=byte for kbuild-sarif).
fit() {
	grep -Eqs "$STYLE_WARNING_RE" "$1" && grep -qs '^fix-it:' "$1" &&
		! grep -qs -- -fdiagnostics-column-unit=byte "$(dirname "$1")/init/.main.o.cmd"
}

if ! fit "$log" || [ ! -f "$src/Makefile" ]; then
	obj=$tmp_root/editors-6.1
	log=$obj/build.log
	if ! fit "$log"; then
		echo "editors.sh: no qemu-stage log; building init/ and lib/ of a tinyconfig 6.1 in $obj"
		if [ ! -f "$src/Makefile" ]; then
			"$top/kbuild/prepare-tree.sh" 6.1 "$src" > "$tmp/prepare.log" 2>&1 ||
				{ echo "FAIL: editors: prepare-tree.sh 6.1 (log: $tmp/prepare.log)"; exit 1; }
		fi
		mkdir -p "$obj"
		# W=style needs CONFIG_GCC_PLUGINS (and the style option,
		# on by default with it).
		{ nice -n 10 make -C "$src" O="$obj" ARCH=x86_64 tinyconfig &&
		  "$src/scripts/config" --file "$obj/.config" --enable GCC_PLUGINS &&
		  nice -n 10 make -C "$src" O="$obj" ARCH=x86_64 olddefconfig &&
		  nice -n 10 make -C "$src" O="$obj" ARCH=x86_64 -j2 W=style \
			KCFLAGS=-fdiagnostics-parseable-fixits init/ lib/
		} > "$log" 2>&1 ||
			{ echo "FAIL: editors: the kernel build failed (log: $log)"; exit 1; }
	fi
fi
cd "$tmp" || exit 1

# Where each style warning must land, from the log and the source alone:
# GCC's column counts a tab to the next multiple of 8; the byte it names
# must start a token that follows ')', ';', '{', '}', ':', 'else' or 'do'
# (the statement the warning is about).  One line per warning:
# FILE LINE BYTE-COLUMN DISPLAY-COLUMN (absolute FILE, tab-separated).
python3 - "$log" "$obj" > expected.tsv <<'PY'
import os, re, sys
log, obj = sys.argv[1:3]
pat = re.compile(r"^(\S+?):(\d+):(\d+): (?:warning|error): .*\[-W(?:error=)?style-[a-z-]+\]$")
cwd = obj
bad = 0
for text in open(log, errors="replace"):
    text = text.rstrip("\n")
    m = re.match(r"^make\[\d+\]: Entering directory '(.*)'$", text)
    if m:
        cwd = m.group(1)
    m = pat.match(text)
    if not m:
        continue
    f, line, dcol = m.group(1), int(m.group(2)), int(m.group(3))
    f = os.path.normpath(os.path.join(cwd, f))
    src = open(f, "rb").read().split(b"\n")[line - 1].decode("utf-8", "replace")
    col = 0
    byte = None
    for i, ch in enumerate(src):
        if col + 1 == dcol:
            byte = len(src[:i].encode()) + 1
            break
        col = (col // 8 + 1) * 8 if ch == "\t" else col + 1
    before = src[:len(src.encode()[:byte - 1].decode("utf-8", "replace"))].rstrip() if byte else ""
    if byte is None or src[len(before):].strip() == "" or not (
            before.endswith((")", ";", "{", "}", ":")) or
            re.search(r"\b(else|do)$", before)):
        print("expected.tsv: %s:%d:%d names no statement: %r" % (f, line, dcol, src),
              file=sys.stderr)
        bad += 1
        continue
    print("%s\t%d\t%d\t%d" % (f, line, byte, dcol))
sys.exit(1 if bad else 0)
PY
check "log: every style warning names the start of a statement" [ $? -eq 0 ]
n=$(wc -l < expected.tsv)
tabbed=$(awk -F'\t' '$3 != $4' expected.tsv | wc -l)
echo "editors: $n style warnings in $log, $tabbed of them after a tab"
check "log: style warnings to check, some of them after tabs" [ "$n" -ge 10 ] && [ "$tabbed" -ge 1 ]

# vim: the quickfix list of the whole log, each entry jumped to (:cc N).
cat > qf.vim <<'VIM'
set hidden
if $STYLE_VIM != ''
  execute 'source' fnameescape($STYLE_VIM)
endif
execute 'cd' fnameescape($OBJ)
execute 'cgetfile' fnameescape($LOG)
let out = []
let i = 0
for e in getqflist()
  let i += 1
  if e.valid
    silent execute 'cc' i
    call add(out, printf("%s\t%d\t%d\t%d\t%s", fnamemodify(bufname(e.bufnr), ':p'), e.lnum, line('.'), col('.'), e.text))
  endif
endfor
call writefile(out, $OUT)
qa!
VIM
# landed OUT: the style entries of vim's OUT as FILE LINE BYTE-COLUMN,
# where the cursor landed.
landed() {
	grep -E "$STYLE_TAG_RE" "$1" | awk -F'\t' '{ print $1 "\t" $3 "\t" $4 }' | sort
}
cut -f1-3 expected.tsv | sort > expected-land.tsv
STYLE_VIM=$top/editors/style.vim OBJ=$obj LOG=$log OUT=$tmp/vim.out \
	vim -Nu NONE -i NONE -es -S qf.vim < /dev/null
check "vim: editors/style.vim's errorformat lands every style warning on its line and column" \
	cmp -s expected-land.tsv <(landed vim.out)
check "vim: no quickfix entry from a fix-it line" eval '! grep -q "fix-it:" vim.out'
STYLE_VIM='' OBJ=$obj LOG=$log OUT=$tmp/vim0.out vim -Nu NONE -i NONE -es -S qf.vim < /dev/null
wrong=$(comm -13 expected-land.tsv <(landed vim0.out) | wc -l)
echo "editors: vim's default errorformat lands $wrong of $n style warnings on a wrong column"
check "vim: the default errorformat does land wrong (what this test catches)" [ "$wrong" -ge 1 ]

# emacs: compile-mode parses the log, with editors/style-compile.el;
# every message is printed with its type (0 info, 1 warning, 2 error)
# and where visiting it (compile-goto-error) lands.
cat > parse.el <<'EL'
(require 'compile)
(let ((style (getenv "STYLE_EL")) (log (getenv "LOG")))
  (when (> (length style) 0) (load style nil t))
  (with-current-buffer (find-file-noselect log)
    (setq default-directory (file-name-as-directory (getenv "OBJ")))
    (compilation-mode)
    (compilation--ensure-parse (point-max))
    (let ((pos (point-min)) msg)
      (while (setq pos (next-single-property-change pos 'compilation-message))
	(when (setq msg (get-text-property pos 'compilation-message))
	  (let ((text (buffer-substring-no-properties
		       (save-excursion (goto-char pos) (line-beginning-position))
		       (save-excursion (goto-char pos) (line-end-position))))
		(type (compilation--message->type msg))
		(land ""))
	    (when (string-match "\\[-W\\(error=\\)?style-" text)
	      (save-excursion
		(goto-char pos)
		(compile-goto-error)
		(setq land (format "%s\t%d\t%d" buffer-file-name (line-number-at-pos)
				   (1+ (- (position-bytes (point))
					  (position-bytes (line-beginning-position))))))
		(set-buffer (get-file-buffer log))))
	    (princ (format "%d\t%s\t%s\n" type land text))))))))
EL
STYLE_EL=$top/editors/style-compile.el OBJ=$obj LOG=$log \
	emacs --batch -Q -l parse.el > emacs.out 2> emacs.err
check "emacs: compile-mode lands every style warning on its line and column" \
	cmp -s expected-land.tsv <(awk -F'\t' '$1 == 1 && $2 != "" { print $2 "\t" $3 "\t" $4 }' emacs.out | sort)
check "emacs: with editors/style-compile.el, no error but the log's own errors" \
	eval '[ "$(awk -F"\t" "\$1 == 2" emacs.out | grep -vc ": error: ")" = 0 ]'
check "emacs: every fix-it line is an informational message" \
	eval '[ "$(grep -c "^fix-it:" "$log")" = "$(awk -F"\t" "\$1 == 0" emacs.out | grep -c "	fix-it:")" ]'
OBJ=$obj LOG=$log emacs --batch -Q -l parse.el > emacs0.out 2> /dev/null
bogus=$(awk -F'\t' '$1 == 2' emacs0.out | grep -vc ': error: ')
echo "editors: without editors/style-compile.el, compile-mode finds $bogus bogus errors"
check "emacs: without it, fix-it lines are errors (what this test catches)" [ "$bogus" -ge 1 ]

# VS Code: the $gcc problem matcher of the C/C++ extension
# (microsoft/vscode-cpptools, Extension/package.json, "problemMatchers",
# name "gcc"): its JavaScript regex, the same in Perl.
gcc_re='^(.*?):(\d+):(\d*):?\s+(?:fatal\s+)?(warning|error):\s+(.*)$'
grep -E "$STYLE_TAG_RE" "$log" | grep -v '^fix-it:' |
	perl -ne 'BEGIN { $re = shift @ARGV } chomp; print(/$re/ ? "$1\t$2\t$3\t$4\n" : "NO MATCH: $_\n")' "$gcc_re" > vscode.out
check "VS Code \$gcc: matches every style warning line, as a warning at its line" \
	eval '! grep -q "^NO MATCH" vscode.out && [ "$(awk -F"\t" "\$4 == \"warning\"" vscode.out | wc -l)" = "$n" ]'

# Lint on save: scripts/style-check-file checks one file of the built
# tree with its own flags, from compile_commands.json.
python3 "$src/scripts/clang-tools/gen_compile_commands.py" -d "$obj" \
	-o "$tmp/compile_commands.json" 2> gen.err
check "compile_commands.json of the build" [ -s "$tmp/compile_commands.json" ]
# The largest .c file with style warnings of its own (the most code to
# compile, as an editor's file would have).
file=$(awk -F'\t' '$1 ~ /\.c$/ { print $1 }' expected.tsv | sort -u |
	xargs -r wc -c | grep -v ' total$' | sort -k1,1nr | awk 'NR == 1 { print $2 }')
check "lint: a .c file with style warnings ($file)" [ -n "$file" ]
"$top/scripts/style-check-file" -p "$tmp" "$file" 2> lint.txt
rc=$?
check "lint: rc 0, plugin loaded" gcc_ok "$rc" lint.txt
# Its warnings in the file, as the build reported them (display columns).
awk -F'\t' -v f="$file" '$1 == f { print $2 ":" $4 }' expected.tsv | sort > want.txt
grep -E "$STYLE_TAG_RE" lint.txt | grep -F "$file:" | cut -d: -f2,3 | sort > got.txt
check "lint: the file's style warnings, as in the build log" cmp -s want.txt got.txt
"$top/scripts/style-check-file" -p "$tmp" "$file" -fdiagnostics-column-unit=byte 2> lint-byte.txt
grep -E "$STYLE_TAG_RE" lint-byte.txt | grep -F "$file:" |
	perl -ne 'BEGIN { $re = shift @ARGV } print "$2:$3\n" if /$re/' "$gcc_re" | sort > got-byte.txt
awk -F'\t' -v f="$file" '$1 == f { print $2 ":" $3 }' expected.tsv | sort > want-byte.txt
check "VS Code \$gcc: with -fdiagnostics-column-unit=byte, line and column of each" cmp -s want-byte.txt got-byte.txt
check "lint: nothing written in the build tree" eval '[ -z "$(find "$obj" -newer lint.txt -type f | head -n 1)" ]'

# Its time against the file's compile, as the build ran it (into $tmp).
COPY=$tmp/exempt.c python3 - "$tmp/compile_commands.json" "$file" "$tmp/obj.o" > compile.cmd <<'PY'
import json, os, shlex, sys
for e in json.load(open(sys.argv[1])):
    if os.path.realpath(os.path.join(e["directory"], e["file"])) == sys.argv[2]:
        a = shlex.split(e["command"]) if "command" in e else e["arguments"]
        a = [x for x in a if not x.startswith("-Wp,-M")]
        a[a.index("-o") + 1] = sys.argv[3]
        print("cd %s && %s" % (shlex.quote(e["directory"]), shlex.join(a)))
        # The same for a copy of the file, -fsyntax-only, and its own
        # includes still found, without the plugin's once= and sarif=.
        a = [x for x in a if not x.startswith(("-fplugin-arg-style_plugin-once=",
                                               "-fplugin-arg-style_plugin-sarif="))]
        a = [os.environ["COPY"] if os.path.realpath(os.path.join(e["directory"], x)) == sys.argv[2]
             else x for x in a]
        a[a.index("-o"):a.index("-o") + 2] = ["-fsyntax-only"]
        a.insert(1, "-iquote" + os.path.dirname(sys.argv[2]))
        open("copy.cmd", "w").write("cd %s && %s\n" % (shlex.quote(e["directory"]), shlex.join(a)))
PY
# secs CMD...: its wall-clock seconds.  The two are timed in turns, the
# best of 3 each, so that a busy machine slows both alike.
secs() {
	local TIMEFORMAT=%R

	{ time "$@" > /dev/null 2>&1; } 2>&1
}
t_lint=
t_cc=
for _ in 1 2 3; do
	t=$(secs "$top/scripts/style-check-file" -p "$tmp" "$file")
	t_lint=$(echo "$t ${t_lint:-$t}" | awk '{ print ($1 < $2) ? $1 : $2 }')
	t=$(secs bash compile.cmd)
	t_cc=$(echo "$t ${t_cc:-$t}" | awk '{ print ($1 < $2) ? $1 : $2 }')
done
# A figure, not a test: wall-clock time on a shared machine is no
# verdict (a build beside it made the lint slower than the compile once).
echo "editors: lint on save of $file: $t_lint s; its compile: $t_cc s (best of 3, wall clock)"

# The in-source exemption, as docs/rules.md shows it for kernel code,
# around the file's first style warning: silent there and nowhere else,
# no -Wpragmas or -Wunknown-pragmas warning, with or without the plugin.
first=$(awk -F'\t' -v f="$file" '$1 == f { print $2; exit }' expected.tsv)
awk -v l="$first" '
	NR == l { print "#ifdef __STYLE_PLUGIN__"; print "#pragma style_plugin push"
		  print "#pragma style_plugin off"; print "#endif" }
	{ print }
	NR == l { print "#ifdef __STYLE_PLUGIN__"; print "#pragma style_plugin pop"; print "#endif" }
' "$file" > "$tmp/exempt.c"
bash copy.cmd 2> exempt.txt
rc=$?
check "exempt: the kernel file with the pragmas compiles, plugin loaded" gcc_ok "$rc" exempt.txt
awk -F'\t' -v f="$file" -v l="$first" '$1 == f && $2 != l { print ($2 < l ? $2 : $2 + 7) ":" $4 }' expected.tsv | sort > want-exempt.txt
grep -E "$STYLE_TAG_RE" exempt.txt | grep -F "exempt.c:" | cut -d: -f2,3 | sort > got-exempt.txt
check "exempt: line $first silent, every other warning of the file still there" cmp -s want-exempt.txt got-exempt.txt
check "exempt: no pragma warning" eval '! grep -qi "pragma" exempt.txt'
sed 's/ -fplugin=[^ ]*style_plugin[^ ]*//; s/ -fplugin-arg-style_plugin-[^ ]*//g' copy.cmd > plain.cmd
bash plain.cmd 2> exempt-plain.txt
rc=$?
check "exempt: without the plugin, no warning about the pragmas" eval '[ $rc -eq 0 ] && ! grep -qi "pragma" exempt-plain.txt'

# emacs: style-apply-fixits on the file's first warning, in a compilation
# buffer whose log names a copy of the file: that line's violations are
# fixed, the others stay, and the copy still compiles.
cp "$file" "$tmp/fixme.c"
awk -v f="$file" -v l="$first" -v c="$tmp/fixme.c" -v tag="$STYLE_TAG_RE" '
	index($0, f ":" l ":") == 1 && $0 ~ tag && !done { on = 1; done = 1 }
	on && /^fix-it:/ { fix = 1 }
	on && fix && !/^fix-it:/ { exit }
	on { gsub(f, c); print }
' "$log" > fixme.log
cat > fix.el <<'EL'
(load (getenv "STYLE_EL") nil t)
(with-current-buffer (find-file-noselect (getenv "LOG"))
  (compilation-mode)
  (goto-char (point-min))
  (style-apply-fixits))
EL
STYLE_EL=$top/editors/style-compile.el LOG=fixme.log emacs --batch -Q -l fix.el 2> fix.err
check "emacs: style-apply-fixits edits the file" eval '! cmp -s "$file" "$tmp/fixme.c"'
sed "s|$tmp/exempt.c|$tmp/fixme.c|" copy.cmd > fixme.cmd
bash fixme.cmd 2> fixme.txt
rc=$?
check "emacs: the fixed file compiles, plugin loaded" gcc_ok "$rc" fixme.txt
on_line=$(awk -F'\t' -v f="$file" -v l="$first" '$1 == f && $2 == l' expected.tsv | wc -l)
all=$(awk -F'\t' -v f="$file" '$1 == f' expected.tsv | wc -l)
left=$(grep -E "$STYLE_TAG_RE" fixme.txt | grep -c "fixme.c:")
check "emacs: line $first's $on_line warning(s) fixed, the other $((all - on_line)) left ($left)" [ "$left" -eq $((all - on_line)) ]
