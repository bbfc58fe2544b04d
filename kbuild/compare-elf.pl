#!/usr/bin/perl
# SPDX-License-Identifier: GPL-2.0
#
# kbuild/compare-elf.pl - the strict part of kbuild/compare-objs.sh: compare
# two x86_64 ELF files (objects, modules, vmlinux; debug info stripped
# first) section by section, and explain each difference as a line
# number that moved, or fail.
#
#   compare-elf.pl linemap SRC_A SRC_B FILE...
#       For each FILE (a path relative to both source trees, which must
#       have the same non-blank characters), print "FILE LA LB" for each
#       pair of an old line LA and a new line LB that share a non-blank
#       character (the new line holds a character of the old one). On an
#       unchanged stretch that is LB = LA + the lines inserted above.
#   compare-elf.pl compare [options] A B
#       --map FILE      the linemap output, for the changed files
#       --files LIST    comma-separated changed files an initcall name's
#                       line may come from (an object's changed sources)
#       --renames FILE  "OLD NEW" symbol renames already explained (in
#                       objects), the only ones accepted with --linked
#       --linked        A and B are linked from objects (vmlinux,
#                       vmlinux.o, a .ko): renames come from --renames; a
#                       GNU build-id note may differ when something else
#                       does
#       --bug-verbose   struct bug_entry is {int bug_addr_disp; int
#                       file_disp; u16 line; u16 flags} (x86_64 with
#                       CONFIG_DEBUG_BUGVERBOSE, relative pointers): its
#                       line field may differ; without it, __bug_table
#                       has no line and must match exactly
#   Accepted differences, nothing else:
#     - in __bug_table, the line field of an entry, when the entry's file
#       (its file_disp: a relocation in a relocatable file, a relative
#       pointer in vmlinux) is a changed file whose old line maps to the new;
#     - a symbol renamed __initcall__kmod_MOD__ID_LINE_FN -> the same
#       with another LINE, mapped from the old LINE by one of --files
#       (or listed in --renames, with --linked); the string table then
#       differs (it is not compared; the names are);
#     - with --linked, the descriptor of the GNU build-id note (a hash of
#       the whole file, debug info included).
#   Each __bug_table entry naming a changed file is checked, moved or not:
#   an old line that should have moved but kept its number fails too.
#   Every other byte of every section (headers, code, data, relocations,
#   symbols: value, size, type, binding, section) must be the same.
#   Prints "bug FILE:LA -> LB", "rename OLD NEW" and "build-id" lines for
#   the explained differences; exit 0. An unexplained one: "UNEXPLAINED:
#   reason" on stdout, exit 1. Bad input: exit 2.
use strict;
use warnings;

sub usage { print STDERR "usage: $0 linemap SRC_A SRC_B FILE... | compare [options] A B\n"; exit 2; }
my $mode = shift @ARGV // usage();

sub slurp {
	my ($f) = @_;
	open(my $fh, '<:raw', $f) or do { print STDERR "compare-elf.pl: cannot read $f: $!\n"; exit 2 };
	local $/;
	my $d = <$fh>;
	close $fh;
	return $d;
}

if ($mode eq 'linemap') {
	my ($sa, $sb, @files) = @ARGV;
	usage() unless defined $sb;
	for my $f (@files) {
		my @old = split /\n/, slurp("$sa/$f"), -1;
		my @new = split /\n/, slurp("$sb/$f"), -1;
		# old line -> [start, end) in the non-blank character stream
		my (@os, @oe, $pos);
		$pos = 0;
		for my $i (0 .. $#old) {
			(my $nb = $old[$i]) =~ s/[ \t\r]//g;
			$os[$i] = $pos;
			$pos += length $nb;
			$oe[$i] = $pos;
		}
		my $total = $pos;
		$pos = 0;
		my $L = 0;
		for my $j (0 .. $#new) {
			(my $nb = $new[$j]) =~ s/[ \t\r]//g;
			next if $nb eq '';
			my ($s, $e) = ($pos, $pos + length $nb);
			$pos = $e;
			$L++ while $L <= $#old && $oe[$L] <= $s;
			for (my $i = $L; $i <= $#old && $os[$i] < $e; $i++) {
				print "$f ", $i + 1, ' ', $j + 1, "\n" if $oe[$i] > $os[$i];
			}
		}
		if ($pos != $total) {
			print STDERR "compare-elf.pl: $f: the non-blank characters differ between the trees\n";
			exit 1;
		}
	}
	exit 0;
}
usage() unless $mode eq 'compare';

my (%map, %files, %renames, $linked, $bugverbose);
while (@ARGV && $ARGV[0] =~ /^--/) {
	my $o = shift @ARGV;
	if ($o eq '--map') {
		my $f = shift @ARGV // usage();
		open(my $fh, '<', $f) or do { print STDERR "compare-elf.pl: cannot read $f\n"; exit 2 };
		while (<$fh>) {
			my ($file, $la, $lb) = split;
			$map{$file}{"$la $lb"} = 1;
			$map{$file}{''} = 1;
		}
	} elsif ($o eq '--files') {
		$files{$_} = 1 for grep { $_ ne '' } split /,/, (shift @ARGV // usage());
	} elsif ($o eq '--renames') {
		my $f = shift @ARGV // usage();
		open(my $fh, '<', $f) or do { print STDERR "compare-elf.pl: cannot read $f\n"; exit 2 };
		while (<$fh>) {
			my ($x, $y) = split;
			$renames{"$x $y"} = 1 if defined $y;
		}
	} elsif ($o eq '--linked') {
		$linked = 1;
	} elsif ($o eq '--bug-verbose') {
		$bugverbose = 1;
	} else {
		usage();
	}
}
usage() unless @ARGV == 2;

sub bad {
	print "UNEXPLAINED: @_\n";
	exit 1;
}

# An ELF64 little-endian file: its sections.
sub elf {
	my ($f) = @_;
	my $d = slurp($f);
	substr($d, 0, 6) eq "\x7fELF\x02\x01" or do { print STDERR "compare-elf.pl: $f is not a 64-bit little-endian ELF file\n"; exit 2 };
	my ($shoff) = unpack('Q<', substr($d, 0x28, 8));
	my ($shentsize, $shnum, $shstrndx) = unpack('S<S<S<', substr($d, 0x3a, 6));
	my @s;
	for my $i (0 .. $shnum - 1) {
		my @h = unpack('L<L<Q<Q<Q<Q<L<L<Q<Q<', substr($d, $shoff + $i * $shentsize, 64));
		my %h;
		@h{qw(name type flags addr offset size link info align entsize)} = @h;
		$h{idx} = $i;
		push @s, \%h;
	}
	my $str = $s[$shstrndx];
	for my $h (@s) {
		my $n = substr($d, $str->{offset} + $h->{name});
		$n =~ s/\0.*//s;
		$h->{sname} = $n;
		$h->{data} = $h->{type} == 8 ? '' : substr($d, $h->{offset}, $h->{size});    # 8: NOBITS
	}
	my ($type) = unpack('S<', substr($d, 0x10, 2));
	my ($phoff) = unpack('Q<', substr($d, 0x20, 8));
	my ($phentsize, $phnum) = unpack('S<S<', substr($d, 0x36, 4));
	return { file => $f, data => $d, s => \@s, rel => $type == 1,
		 ehdr => substr($d, 0, 0x28) . substr($d, 0x30, 0x0a),
		 phdr => substr($d, $phoff, $phentsize * $phnum) };
}

my $A = elf($ARGV[0]);
my $B = elf($ARGV[1]);
my @out;

# ELF header (but e_shoff, which moves with the string table) and the
# section headers (but offsets, and the size of .strtab).
my @sa = @{ $A->{s} };
my @sb = @{ $B->{s} };
{
	# The layout: the same sections, in the same order, of the same size.
	my %inb = map { $_->{sname} => $_ } @sb;
	my %ina = map { $_->{sname} => 1 } @sa;
	my @why;
	my @oa = grep { !$inb{ $_->{sname} } } @sa;
	my @ob = grep { !$ina{ $_->{sname} } } @sb;
	push @why, 'only in A: ' . join(' ', map { $_->{sname} } @oa) if @oa;
	push @why, 'only in B: ' . join(' ', map { $_->{sname} } @ob) if @ob;
	for my $x (@sa) {
		my $y = $inb{ $x->{sname} } or next;
		next if $x->{size} == $y->{size} || $x->{sname} eq '.strtab';
		push @why, "$x->{sname} is $x->{size} bytes in A, $y->{size} in B";
	}
	bad('the sections differ: ' . join('; ', @why)) if @why;
	bad('the sections are in another order') unless @sa == @sb;
}
bad('the ELF headers differ') unless $A->{ehdr} eq $B->{ehdr};
bad('the program headers differ') unless $A->{phdr} eq $B->{phdr};
for my $i (0 .. $#sa) {
	my ($x, $y) = ($sa[$i], $sb[$i]);
	bad("section $i is $x->{sname} in A, $y->{sname} in B") unless $x->{sname} eq $y->{sname};
	for my $k (qw(type flags addr link info align entsize size)) {
		next if $k eq 'size' && $x->{type} == 3 && $x->{sname} eq '.strtab';    # 3: STRTAB
		bad("section $x->{sname}: its $k differs ($x->{$k} / $y->{$k})") unless $x->{$k} == $y->{$k};
	}
}

# Symbols: everything but the names compared exactly, the names may
# differ as renamed initcalls.
my (%symA, %symB);    # symtab section index -> [ names ]
sub strtab_name {
	my ($e, $strsec, $off) = @_;
	my $n = substr($e->{s}[$strsec]{data}, $off);
	$n =~ s/\0.*//s;
	return $n;
}
sub line_ok {
	my ($file, $la, $lb) = @_;
	return exists $map{$file} && exists $map{$file}{"$la $lb"};
}
my $initcall = qr/^(__initcall__kmod_\w*?__\d+_)(\d+)(_\w+)$/;
for my $i (0 .. $#sa) {
	next unless $sa[$i]{type} == 2;    # SYMTAB
	my ($da, $db) = ($sa[$i]{data}, $sb[$i]{data});
	my $n = length($da) / 24;
	for my $k (0 .. $n - 1) {
		my $ea = substr($da, $k * 24, 24);
		my $eb = substr($db, $k * 24, 24);
		my $na = strtab_name($A, $sa[$i]{link}, unpack('L<', $ea));
		my $nb = strtab_name($B, $sb[$i]{link}, unpack('L<', $eb));
		push @{ $symA{$i} }, $na;
		push @{ $symB{$i} }, $nb;
		bad("symbol $na: its value, size, type, binding or section differs")
			unless substr($ea, 4) eq substr($eb, 4);
		next if $na eq $nb;
		my $why = "symbol $k renamed $na -> $nb";
		if ($linked) {
			bad("$why, not a rename explained in an object") unless $renames{"$na $nb"};
		} else {
			my @ma = $na =~ $initcall or bad("$why: not an initcall name with a line number");
			my @mb = $nb =~ $initcall or bad("$why: not an initcall name with a line number");
			bad("$why: differs beyond the line number") unless $ma[0] eq $mb[0] && $ma[2] eq $mb[2];
			my @from = grep { line_ok($_, $ma[1], $mb[1]) } sort keys %files;
			bad("$why: line $ma[1] does not move to line $mb[1] in a changed source of it ("
			    . (join(', ', sort keys %files) || 'none') . ')') unless @from;
			$why .= " (line $ma[1] of $from[0] is now line $mb[1])";
		}
		push @out, "rename $na $nb";
	}
}

# The file a __bug_table entry names: in an object, by the relocation
# of its file_disp field; in a linked file, by the relative pointer.
sub cstring_at_addr {
	my ($e, $addr) = @_;
	for my $h (@{ $e->{s} }) {
		next unless $h->{flags} & 2 and $h->{type} != 8 and $h->{addr} <= $addr and $addr < $h->{addr} + $h->{size};
		my $s = substr($h->{data}, $addr - $h->{addr});
		$s =~ s/\0.*//s;
		return $s;
	}
	return undef;
}
my %bugrel;    # offset of a file_disp in __bug_table -> file name (in A)
sub bug_relocs {
	my ($e, $bugidx, $symtab) = @_;
	my %r;
	for my $h (@{ $e->{s} }) {
		next unless $h->{type} == 4 && $h->{info} == $bugidx;    # RELA for __bug_table
		for (my $o = 0; $o + 24 <= length $h->{data}; $o += 24) {
			my ($off, $info, $add) = unpack('Q<Q<q<', substr($h->{data}, $o, 24));
			my $sym = $info >> 32;
			my $st = substr($e->{s}[$h->{link}]{data}, $sym * 24, 24);
			my ($shndx, $value) = (unpack('S<', substr($st, 6, 2)), unpack('Q<', substr($st, 8, 8)));
			next if $shndx == 0 || $shndx >= 0xff00;
			my $s = substr($e->{s}[$shndx]{data}, $value + $add);
			$s =~ s/\0.*//s;
			$r{$off} = $s;
		}
	}
	return \%r;
}

my $buildid;
for my $i (0 .. $#sa) {
	my ($x, $y) = ($sa[$i], $sb[$i]);
	next if $x->{type} == 2;    # the symbols: compared above
	next if $x->{type} == 3 && $x->{sname} eq '.strtab';    # the names: compared above
	my $name = $x->{sname};
	next if $x->{data} eq $y->{data} && ($name ne '__bug_table' || !%map);
	if ($name eq '__bug_table') {
		bad('__bug_table differs, and it has no line fields (no CONFIG_DEBUG_BUGVERBOSE)') unless $bugverbose;
		bad('__bug_table: its size is not a multiple of 12') if $x->{size} % 12;
		my $rel = $A->{rel} ? bug_relocs($A, $i) : undef;
		for (my $o = 0; $o < $x->{size}; $o += 12) {
			my $ea = substr($x->{data}, $o, 12);
			my $eb = substr($y->{data}, $o, 12);
			bad(sprintf('__bug_table entry at 0x%x differs beyond its line field', $o))
				unless substr($ea, 0, 8) eq substr($eb, 0, 8) && substr($ea, 10) eq substr($eb, 10);
			my ($la, $lb) = (unpack('S<', substr($ea, 8, 2)), unpack('S<', substr($eb, 8, 2)));
			my $file;
			if (!$A->{rel}) {
				my $disp = unpack('l<', substr($ea, 4, 4));
				$file = cstring_at_addr($A, $x->{addr} + $o + 4 + $disp);
			} else {
				$file = $rel->{ $o + 4 };
			}
			bad(sprintf('__bug_table entry at 0x%x: line %d -> %d, and its file is not found', $o, $la, $lb))
				unless defined $file;
			# Every entry of a changed file, moved or not, must
			# follow the line map.
			next if $la == $lb && !exists $map{$file};
			bad(sprintf('__bug_table entry at 0x%x: line %d of %s does not move to line %d', $o, $la, $file, $lb))
				unless line_ok($file, $la, $lb);
			next if $la == $lb;
			push @out, "bug $file:$la -> $lb";
		}
		next;
	}
	if ($linked && $x->{type} == 7) {    # NOTE: the build-id only
		my ($p, $dx, $dy) = (0, $x->{data}, $y->{data});
		my $ok = 1;
		while ($p + 12 <= length $dx) {
			my ($nsz, $dsz, $type) = unpack('L<L<L<', substr($dx, $p, 12));
			my $len = 12 + (($nsz + 3) & ~3) + (($dsz + 3) & ~3);
			my $nm = substr($dx, $p + 12, $nsz);
			if (substr($dx, $p, $len - (($dsz + 3) & ~3)) ne substr($dy, $p, $len - (($dsz + 3) & ~3))) {
				$ok = 0;
			} elsif (substr($dx, $p, $len) ne substr($dy, $p, $len)) {
				$ok = 0 unless $type == 3 && $nm eq "GNU\0";    # NT_GNU_BUILD_ID
			}
			$p += $len;
		}
		if ($ok) {
			$buildid = $name;
			next;
		}
	}
	# The first differing byte, and the symbol it falls in.
	my $d = ($x->{data} ^ $y->{data}) =~ /^(\0*)/ ? length $1 : 0;
	my $where = sprintf('%s+0x%x', $name, $d);
	for my $t (keys %symA) {
		my $k = 0;
		for my $o (0 .. $#{ $symA{$t} }) {
			my $st = substr($sa[$t]{data}, $o * 24, 24);
			my ($shndx, $value, $size) = (unpack('S<', substr($st, 6, 2)), unpack('Q<Q<', substr($st, 8, 16)));
			my $off = $A->{rel} ? $d : $x->{addr} + $d;
			if ($shndx == $i && $value <= $off && $off < $value + ($size || 1) && $symA{$t}[$o] ne '') {
				$where .= " (in $symA{$t}[$o])";
				last;
			}
		}
	}
	my $kind = $x->{type} == 4 ? 'relocations' : ($x->{flags} & 4) ? 'code' : ($x->{flags} & 2) ? 'data' : 'contents';
	bad("section $name differs ($kind, at $where): not a line number");
}
push @out, 'build-id' if defined $buildid;
print "$_\n" for @out;
exit 0;
