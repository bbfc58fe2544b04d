#!/usr/bin/env bash
# kbuild/sweep-data.sh - a kbuild/sweep.sh run's results in a compact form
# to commit (DATA, e.g. treewide/6.12/sweep/), and back.
#
#   pack SRC OBJ OUT DATA    the logs of OUT/logs (and what DATA already
#                            holds for files OUT has no log of) into DATA
#   unpack SRC OBJ OUT DATA  a log in OUT/logs for every file of DATA that
#                            has none (kbuild/sweep.sh --data does this):
#                            its compile is not run again
#   expand SRC OBJ OUT DATA  unpack, then what kbuild/sweep.sh makes of
#                            the logs for kbuild/treewide.sh, for DATA's
#                            swept files: OUT/sweep.log, OUT/deps and
#                            OUT/commands (each a stand-in "gcc -c -o
#                            OBJECT FILE.c" line: the files, not their
#                            commands); OUT must hold no sweep of its own
#   check DATA               DATA is well-formed and consistent (below)
#   recall DATA LIST         how much a list of files (LIST, one path a
#                            line: kbuild/sweep-candidates.sh's) holds of
#                            the swept files with warnings and of their
#                            warnings, and an estimate for the whole
#                            configuration from the files it does not
#                            list that were swept
#
# DATA holds, paths relative to the source tree (a file of the O=
# directory, a generated one, is "@O/PATH"):
#   GROUP.txt     one per directory group (the first two components of
#                 the path: drivers/gpu -> drivers-gpu.txt, kernel ->
#                 kernel.txt), each swept C file in path order:
#                   F FILE.c STATUS WARNINGS [WHY]
#                 STATUS "swept" or "failed" (the compile failed: WHY is
#                 its first error line); WARNINGS the style warnings of
#                 the compile, headers' included; then the file's own
#                 warnings and their fix-its, as GCC printed them:
#                   W FILE:LINE:COL: warning: MESSAGE [-Wstyle-RULE]
#                   X "FILE":{L:C-L:C}:"TEXT"      (a fix-it: line)
#                 and, for each other file (header) with warnings in the
#                 compile, where its first came:
#                   I HEADER KEY
#   headers.txt   the W and X lines of each KEY, once (a header's
#                 warnings are the same in most of its includers):
#                   B KEY HEADER   followed by its W and X lines
#   coverage.txt  every C file the configuration compiles (OUT/commands,
#                 and those coverage.txt named before):
#                   FILE.c<TAB>STATUS<TAB>WARNINGS<TAB>WHY
#                 STATUS swept, failed or pending (not swept yet)
# From these, unpack writes each file's log again (its style warnings
# and fix-its, the failure, the "# sweep:" trailer) and a dependency
# file naming the headers with warnings (OUT/deps: the includers of a
# header are the compiles that report its warnings), so that
# kbuild/treewide.sh regenerates the series without compiling.
# check: every line parses; each F's count is its W lines and those of
# its I keys; every key is in headers.txt and every block is used; a
# group file holds only its group, in order, each file once; coverage.txt
# names every F with the same status, count and reason, and no other
# file but pending ones.
#
# Usage: kbuild/sweep-data.sh pack|unpack|expand SRC OBJ OUT DATA
#        kbuild/sweep-data.sh check DATA
#        kbuild/sweep-data.sh recall DATA LIST
# Exit: 0 done, 1 error (check: the first inconsistency), 2 usage.
set -euo pipefail

prog=sweep-data.sh
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=scripts/lib.sh disable=SC1091
. "$here/../scripts/lib.sh"

usage() {
	echo "usage: $0 pack|unpack|expand SRC OBJ OUT DATA, $0 check DATA or $0 recall DATA LIST" >&2
	exit 2
}
[ $# -ge 1 ] || usage
cmd=$1
shift
case $cmd in
pack | unpack | expand)
	[ $# = 4 ] || usage
	src=$1 obj=$2 out=$3 data=$4
	[ -d "$src" ] || die "SRC '$src' is not a directory"
	[ -d "$obj" ] || die "OBJ '$obj' is not a directory"
	src=$(cd "$src" && pwd -P)
	obj=$(cd "$obj" && pwd -P)
	;;
check)
	[ $# = 1 ] || usage
	data=$1
	[ -d "$data" ] || die "DATA '$data' is not a directory"
	;;
recall)
	[ $# = 2 ] || usage
	data=$1 list=$2
	[ -d "$data" ] || die "DATA '$data' is not a directory"
	[ -f "$list" ] || die "LIST '$list' not found"
	;;
*) usage ;;
esac

# The perl shared by the three: reading DATA.
read_data='
use strict; use warnings;
our (%rec, %blk, %bfile);
sub bad { print STDERR "sweep-data.sh: $_[0]\n"; exit 1 }
# canon PATH: without "DIR/../" (the objects of amdgpu are named
# drivers/gpu/drm/amd/amdgpu/../display/...).
sub canon { my $p = shift; 1 while $p =~ s{(^|/)(?!\.\./)[^/]+/\.\./}{$1}; return $p }
sub group { my @p = split m{/}, $_[0]; shift @p if $p[0] eq "\@O"; return @p > 2 ? "$p[0]-$p[1]" : $p[0] }
sub read_data {
	my ($d, $strict) = @_;
	if (open(my $h, "<", "$d/headers.txt")) {
		my $k;
		while (<$h>) {
			chomp;
			if (/^B ([0-9a-f]{12}) (\S+)$/) { $k = $1; bad("headers.txt:$.: key $k twice") if exists $blk{$k}; $blk{$k} = []; $bfile{$k} = $2; next }
			next if /^#/ && !defined $k;
			bad("headers.txt:$.: not a B, W or X line: $_") unless defined $k && /^[WX] /;
			push @{$blk{$k}}, $_;
		}
	}
	opendir(my $dh, $d) or bad("$d: $!");
	for my $g (sort grep { /\.txt$/ && $_ ne "headers.txt" && $_ ne "coverage.txt" } readdir $dh) {
		open(my $h, "<", "$d/$g") or bad("$d/$g: $!");
		my ($f, $last) = (undef, "");
		while (<$h>) {
			chomp;
			next if /^#/ && !defined $f;
			if (/^F (\S+\.c) (swept|failed) (\d+)(?: (.+))?$/) {
				$f = $1;
				if ($strict) {
					bad("$g:$.: $f is not of group " . group($f)) if group($f) . ".txt" ne $g;
					bad("$g:$.: $f out of order or twice") if $f le $last;
					bad("$g:$.: $f failed with no reason") if $2 eq "failed" && !defined $4;
					bad("$g:$.: $f swept with a reason") if $2 eq "swept" && defined $4;
				}
				$last = $f;
				$rec{$f} = { status => $2, n => $3, why => $4 // "", lines => [] };
				next;
			}
			bad("$g:$.: not an F, W, X or I line: $_") unless defined $f && /^(?:[WX] |I \S+ [0-9a-f]{12}$)/;
			push @{$rec{$f}{lines}}, $_;
		}
	}
}
'

# pack: DATA from OUT/logs (and DATA's own records of the files OUT has
# no log of), rewritten whole, each file atomically.
if [ "$cmd" = pack ]; then
	[ -d "$out/logs" ] || die "$out/logs not found: run kbuild/sweep.sh first"
	mkdir -p "$data"
	(cd "$out/logs" && find . -name '*.o.log' -type f | sed 's|^\./||') | LC_ALL=C sort >"$data/.logs.tmp"
	SRC=$src OBJ=$obj OUT=$out DATA=$data perl -MDigest::MD5=md5_hex -MFile::Spec -e "$read_data"'
		my ($src, $obj, $out, $d) = @ENV{qw(SRC OBJ OUT DATA)};
		read_data($d, 0);
		# A path as the log names it, relative to SRC (or @O/ for OBJ).
		sub rel {
			my $p = shift;
			$p = "$obj/$p" unless $p =~ m{^/};
			$p = File::Spec->canonpath($p);
			1 while $p =~ s{/(?!\.\./)[^/]+/\.\./}{/};
			return substr($p, length($src) + 1) if index($p, "$src/") == 0;
			return "\@O/" . substr($p, length($obj) + 1) if index($p, "$obj/") == 0;
			return $p;
		}
		open(my $l, "<", "$d/.logs.tmp") or die;
		while (my $o = <$l>) {
			chomp $o;
			open(my $h, "<", "$out/logs/$o") or die "$out/logs/$o: $!";
			(my $c = $o) =~ s/\.o\.log$/.c/;
			my ($n, $rc, $why, $cur, @own, %hl, @order) = (0, undef, undef, undef);
			while (<$h>) {
				chomp;
				if (/^(\S+?):(\d+:\d+: warning: .*\[-Wstyle-[a-z-]+\])$/) {
					my $f = rel($1);
					$n++;
					$cur = "W $f:$2";
					if ($f eq $c) { push @own, $cur; $cur = \@own }
					else { push @order, $f unless $hl{$f}; push @{$hl{$f}}, $cur; $cur = $hl{$f} }
					next;
				}
				if (/^fix-it:"([^"]+)"(:\{.*)$/ && ref $cur) { push @$cur, "X \"" . rel($1) . "\"$2"; next }
				if (/^# sweep: \S+ exit (\d+)$/) { $rc = $1; next }
				undef $cur if /^\S/ && !/^fix-it:/;
				if (!defined $why && /^(\S+?):((?:\d+:)+) (?:fatal )?error: (.*)$/) { $why = rel($1) . ":$2 error: $3" }
				elsif (!defined $why && /^(?:\S+: )?(?:fatal )?error: (.*)$/) { $why = "error: $1" }
			}
			close $h;
			die "$out/logs/$o: no \"# sweep:\" line\n" unless defined $rc;
			my $r = { status => $rc ? "failed" : "swept", n => $n, why => "", lines => [] };
			$r->{why} = $why // "exit $rc" if $rc;
			$r->{why} =~ s/\s+/ /g;
			my %first;
			# each header where its first warning came: the own lines in
			# order, the I lines after them (stable: sorted by header).
			push @{$r->{lines}}, @own;
			for my $f (sort @order) {
				my $text = join("\n", @{$hl{$f}});
				my $k = substr(md5_hex("$f\n$text"), 0, 12);
				$blk{$k} = $hl{$f}; $bfile{$k} = $f;
				push @{$r->{lines}}, "I $f $k";
			}
			$rec{$c} = $r;
		}
		# Write: the groups, the header blocks used.
		my (%by, %used);
		push @{$by{group($_)}}, $_ for sort keys %rec;
		for my $g (sort keys %by) {
			open(my $w, ">", "$d/$g.txt.tmp") or die;
			for my $f (@{$by{$g}}) {
				my $r = $rec{$f};
				print $w "F $f $r->{status} $r->{n}" . ($r->{why} ne "" ? " $r->{why}" : "") . "\n";
				for (@{$r->{lines}}) { print $w "$_\n"; $used{$1} = 1 if /^I \S+ (\S+)$/ }
			}
			close $w;
			rename("$d/$g.txt.tmp", "$d/$g.txt") or die;
		}
		open(my $w, ">", "$d/headers.txt.tmp") or die;
		print $w "# kbuild/sweep-data.sh: the warnings of the headers (I lines of the groups)\n";
		for my $k (sort { $bfile{$a} cmp $bfile{$b} || $a cmp $b } grep { $used{$_} } keys %blk) {
			print $w "B $k $bfile{$k}\n", map { "$_\n" } @{$blk{$k}};
		}
		close $w;
		rename("$d/headers.txt.tmp", "$d/headers.txt") or die;
		# The coverage list: the records, OUT/commands (every C file of
		# the sweep) and the files the coverage list of DATA names already (a
		# sweep of some directories keeps the others).
		my %all = map { $_ => 1 } keys %rec;
		if (open(my $c, "<", "$out/commands")) {
			while (<$c>) { my ($o) = split /\t/; $o =~ s/\.o$/.c/; $all{canon($o)} = 1 }
		}
		if (open(my $c, "<", "$d/coverage.txt")) {
			while (<$c>) { next if /^#/; my ($f) = split /\t/; $all{canon($f)} = 1 }
		}
		open($w, ">", "$d/coverage.txt.tmp") or die;
		my %n;
		for my $f (sort keys %all) {
			my $r = $rec{$f};
			my $s = $r ? $r->{status} : "pending";
			$n{$s}++;
			print $w join("\t", $f, $s, $r ? $r->{n} : 0, $r ? $r->{why} : ""), "\n";
		}
		close $w;
		rename("$d/coverage.txt.tmp", "$d/coverage.txt") or die;
		printf STDERR "sweep-data.sh: %d files: %d swept, %d failed, %d pending\n",
			scalar(keys %all), $n{swept} // 0, $n{failed} // 0, $n{pending} // 0;
	'
	rm -f "$data/.logs.tmp"
	exit 0
fi

# expand: OUT must be new (its commands would not be a sweep's).
if [ "$cmd" = expand ]; then
	[ ! -e "$out/commands" ] && [ ! -e "$out/logs" ] ||
		die "expand: $out holds a sweep already (commands or logs): use a new OUT"
fi

# unpack: the logs (and dependency files) of DATA's files that OUT has
# none of.
if [ "$cmd" = unpack ] || [ "$cmd" = expand ]; then
	mkdir -p "$out/logs"
	SRC=$src OBJ=$obj OUT=$out DATA=$data perl -MFile::Path=make_path -e "$read_data"'
		my ($src, $obj, $out, $d) = @ENV{qw(SRC OBJ OUT DATA)};
		read_data($d, 0);
		sub abs_of { my $p = shift; $p =~ s{^\@O/}{$obj/} or $p = "$src/$p"; return $p }
		sub line {
			my $x = shift;
			return abs_of($1) . ":$2" if $x =~ /^W (\S+?):(\d+:\d+: warning: .*)$/;
			return "fix-it:\"" . abs_of($1) . "\"$2" if $x =~ /^X "([^"]+)"(.*)$/;
			die "sweep-data.sh: bad line: $x\n";
		}
		my $n = 0;
		for my $f (sort keys %rec) {
			(my $o = $f) =~ s/\.c$/.o/;
			my $log = "$out/logs/$o.log";
			next if -f $log;
			my $r = $rec{$f};
			(my $dir = $log) =~ s{/[^/]*$}{};
			make_path($dir);
			open(my $w, ">", "$log.tmp") or die "$log.tmp: $!";
			my @dep = (abs_of($f));
			for (@{$r->{lines}}) {
				if (/^I (\S+) (\S+)$/) {
					die "sweep-data.sh: $f: header key $2 not in headers.txt\n" unless $blk{$2};
					push @dep, abs_of($1);
					print $w line($_), "\n" for @{$blk{$2}};
				} else {
					print $w line($_), "\n";
				}
			}
			my $rc = $r->{status} eq "failed" ? 1 : 0;
			if ($r->{why} =~ /^exit (\d+)$/) {
				$rc = $1;
			} elsif ($rc) {
				my $why = $r->{why};
				$why =~ s{^(\S+?):((?:\d+:)+) error: }{abs_of($1) . ":$2 error: "}e;
				print $w "$why\n";
			}
			print $w "# sweep: $o exit $rc\n";
			close $w;
			open($w, ">", "$log.d") or die; print $w "$o: @dep\n"; close $w;
			rename("$log.tmp", $log) or die;
			$n++;
		}
		print STDERR "sweep-data.sh: $n logs from $d\n";
	'
	[ "$cmd" = expand ] || exit 0
	# The swept files (failed ones have no fix-its), in path order.
	(cd "$out/logs" && find . -name '*.o.log' -type f | sed 's|^\./||; s|\.log$||') | LC_ALL=C sort |
		SRC=$src OUT=$out perl -e '
		my ($src, $out) = @ENV{qw(SRC OUT)};
		open(my $c, ">", "$out/commands") or die; open(my $l, ">", "$out/sweep.log") or die;
		open(my $d, ">", "$out/deps") or die;
		while (my $o = <STDIN>) {
			chomp $o;
			open(my $h, "<", "$out/logs/$o.log") or die "$out/logs/$o.log: $!";
			my @log = <$h>;
			next unless @log && $log[-1] =~ / exit 0$/;
			(my $f = $o) =~ s/\.o$/.c/;
			print $c "$o\tgcc -c -o $o $src/$f\n";
			print $l @log;
			open($h, "<", "$out/logs/$o.log.d") or die "$out/logs/$o.log.d: $!";
			my $dep = <$h>; chomp $dep; $dep =~ s/^[^:]*: //;
			print $d "$o\t$dep\n";
		}'
	note "$(wc -l <"$out/commands") swept files: $out/sweep.log, deps, commands (for kbuild/treewide.sh)"
	exit 0
fi

# recall: the files with warnings of their own (W lines; the list names
# no headers) and their warnings, listed or not.
if [ "$cmd" = recall ]; then
	DATA=$data LIST=$list perl -e "$read_data"'
		my $d = $ENV{DATA};
		read_data($d, 0);
		open(my $l, "<", $ENV{LIST}) or bad("$ENV{LIST}: $!");
		my %in = map { chomp; $_ => 1 } <$l>;
		my (%f, %w, %n, %h);
		for my $f (keys %rec) {
			next unless $rec{$f}{status} eq "swept";
			my $k = $in{$f} ? "in" : "out";
			$n{$k}++;
			my $own = grep { /^W / } @{$rec{$f}{lines}};
			$f{$k}++ if $own;
			$w{$k} += $own;
			for (@{$rec{$f}{lines}}) { $h{$1} = 1 if /^I (\S+) / }
		}
		$_ //= 0 for @n{qw(in out)}, @f{qw(in out)}, @w{qw(in out)};
		my ($pend, $pendin) = (0, 0);
		if (open(my $c, "<", "$d/coverage.txt")) {
			while (<$c>) { my @x = split /\t/; next unless $x[1] eq "pending"; if ($in{$x[0]}) { $pendin++ } else { $pend++ } }
		}
		my $pct = sub { $_[1] ? sprintf("%.1f%%", 100 * $_[0] / $_[1]) : "-" };
		printf "swept: %d listed files, %d not listed; pending: %d listed, %d not\n", $n{in}, $n{out}, $pendin, $pend;
		printf "files with warnings of their own: %d listed, %d not: the list holds %s\n",
			$f{in}, $f{out}, $pct->($f{in}, $f{in} + $f{out});
		printf "their warnings: %d in listed files, %d not: the list holds %s\n",
			$w{in}, $w{out}, $pct->($w{in}, $w{in} + $w{out});
		printf "headers with warnings (never listed): %d\n", scalar(keys %h);
		if ($n{out} && $n{in}) {
			# each side extrapolated from its swept files to all of its files
			my $s = ($n{in} + $pendin) / $n{in};
			my ($fi, $wi) = ($f{in} * $s, $w{in} * $s);
			my $ef = $f{out} / $n{out} * ($n{out} + $pend);
			my $ew = $w{out} / $n{out} * ($n{out} + $pend);
			printf "estimate for the whole configuration (the swept files as a sample of the %d listed and %d unlisted): %.0f listed and %.0f unlisted files with warnings, %.0f and %.0f warnings: the list holds %s of the files, %s of the warnings\n",
				$n{in} + $pendin, $n{out} + $pend, $fi, $ef, $wi, $ew, $pct->($fi, $fi + $ef), $pct->($wi, $wi + $ew);
		}
	'
	exit 0
fi

# check
DATA=$data perl -e "$read_data"'
	my $d = $ENV{DATA};
	read_data($d, 1);
	bad("$d: no F record") unless %rec;
	my (%used, $nw);
	$nw = 0;
	for my $f (sort keys %rec) {
		my $r = $rec{$f};
		my $n = 0;
		my $own_file = "";
		for (@{$r->{lines}}) {
			if (/^I (\S+) (\S+)$/) {
				bad("$f: header key $2 not in headers.txt") unless $blk{$2};
				bad("$f: key $2 is of $bfile{$2}, not $1") unless $bfile{$2} eq $1;
				$used{$2} = 1;
				$n += grep { /^W / } @{$blk{$2}};
			} elsif (/^W (\S+?):\d+:\d+: warning: .*\[-Wstyle-[a-z-]+\]$/) {
				bad("$f: a W line of another file: $_") unless $1 eq $f;
				$n++;
			} elsif (/^X "([^"]+)":\{\d+:\d+-\d+:\d+\}:".*"$/) {
				bad("$f: a fix-it of another file: $_") unless $1 eq $f;
			} else {
				bad("$f: not a warning or a fix-it: $_");
			}
		}
		bad("$f: $r->{n} warnings said, $n listed") unless $n == $r->{n};
		$nw += $n;
	}
	for my $k (sort keys %blk) {
		bad("headers.txt: block $k of $bfile{$k} is used by no file") unless $used{$k};
		bad("headers.txt: block $k starts with no W line") unless @{$blk{$k}} && $blk{$k}[0] =~ /^W \Q$bfile{$k}\E:\d+:\d+: warning: /;
		for (@{$blk{$k}}) {
			bad("headers.txt: block $k: a line of another file: $_") unless /^W \Q$bfile{$k}\E:\d+:\d+: warning: .*\[-Wstyle-[a-z-]+\]$/ || /^X "\Q$bfile{$k}\E":\{\d+:\d+-\d+:\d+\}:".*"$/;
		}
	}
	open(my $c, "<", "$d/coverage.txt") or bad("$d/coverage.txt: $!");
	my (%cov, $last, %n);
	$last = "";
	while (<$c>) {
		chomp;
		next if /^#/;
		my @x = split /\t/, $_, -1;
		bad("coverage.txt:$.: not FILE.c<TAB>STATUS<TAB>WARNINGS<TAB>WHY: $_") unless @x == 4 && $x[0] =~ /\.c$/ && $x[1] =~ /^(?:swept|failed|pending)$/ && $x[2] =~ /^\d+$/;
		bad("coverage.txt:$.: $x[0] out of order or twice") unless $x[0] gt $last;
		bad("coverage.txt:$.: $x[0] is not a canonical path") unless $x[0] eq canon($x[0]) && $x[0] !~ m{(^|/)\./};
		$last = $x[0];
		$n{$x[1]}++;
		my $r = $rec{$x[0]};
		if ($x[1] eq "pending") {
			bad("coverage.txt:$.: $x[0] pending but swept in its group file") if $r;
			next;
		}
		bad("coverage.txt:$.: $x[0] $x[1] but in no group file") unless $r;
		bad("coverage.txt:$.: $x[0] says $x[1] $x[2] \"$x[3]\", its group file $r->{status} $r->{n} \"$r->{why}\"")
			unless $r->{status} eq $x[1] && $r->{n} == $x[2] && $r->{why} eq $x[3];
		$cov{$x[0]} = 1;
	}
	for (sort keys %rec) { bad("$_ is in a group file, not in coverage.txt") unless $cov{$_} }
	my $all = 0;
	$all += $_ for values %n;
	printf "sweep-data.sh: %s: %d files: %d swept, %d failed, %d pending; %d warnings, %d header blocks\n", $d, $all,
		$n{swept} // 0, $n{failed} // 0, $n{pending} // 0, $nw, scalar(keys %blk);
'
