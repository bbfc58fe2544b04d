/* A bad #pragma style_plugin is an error: an unknown rule names the
   rules, an unknown word or a pop without push says what is expected.  */
/* { dg-do compile } */
/* { dg-options "-fsyntax-only" } */
#pragma style_plugin off "bogus" /* { dg-error "unknown rule .bogus. in .#pragma style_plugin.; the rules are: if-body, else-body, brace-body, loop-body, do-body, multi-stmt, empty-body" } */
#pragma style_plugin sideways /* { dg-error "expected .push., .pop., .off. or .on." } */
#pragma style_plugin pop /* { dg-error ".#pragma style_plugin pop. without a .push." } */
#pragma style_plugin off if /* { dg-error "expected .push., .pop., .off. or .on." } */
int x;
