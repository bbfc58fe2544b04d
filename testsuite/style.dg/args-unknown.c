/* An unknown plugin argument is an error that names the valid ones.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-no-such-rule" } */
/* { dg-error "style_plugin: unknown option .no-such-rule.; valid options are: disable, error, once=DIR" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
