" SPDX-License-Identifier: GPL-2.0
" style.vim - read GCC 12 logs, style_plugin's warnings included, into
" vim's quickfix list on the right column
"
" GCC 12 prints display columns (-fdiagnostics-column-unit=display: a tab
" counts to the next multiple of 8), and vim's default errorformat reads
" the column as a byte count (%c), so on tab-indented code every warning
" lands left of its place.  %v reads it as a screen column.  The
" -fdiagnostics-parseable-fixits lines are not messages.
"
" Usage:  :source /path/to/style_plugin/editors/style.vim
"         :cfile build.log   (or :make, :cgetfile)
" Or build with KCFLAGS=-fdiagnostics-column-unit=byte and keep vim's
" default errorformat.

set errorformat^=%-Gfix-it:%.%#
set errorformat^=%f:%l:%v:\ %trror:\ %m,%f:%l:%v:\ %tarning:\ %m,%f:%l:%v:\ %tote:\ %m
