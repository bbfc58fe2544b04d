# 0 "pre.c"
# 1 "pre.c"
/* Preprocessed input: macro locations are gone and columns are those of
   the output, so the check is off, and says so once.  */
/* { dg-do compile } */
/* { dg-message "note: style_plugin: preprocessed input is not checked" "" { target *-*-* } 0 } */
int f(int x)
{
 if (x) return 1; /* { dg-bogus "Wstyle" } */
 if (x) do { __builtin_trap(); } while (0); /* { dg-bogus "Wstyle" } */
 return 0;
}
