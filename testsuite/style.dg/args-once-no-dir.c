/* once= needs a directory.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-once" } */
/* { dg-error "style_plugin: option .once. needs a directory" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
