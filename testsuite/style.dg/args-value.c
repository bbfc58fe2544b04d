/* A switch given a value is an error.  */
/* { dg-do compile } */
/* { dg-options "-fplugin-arg-style_plugin-disable=1" } */
/* { dg-error "style_plugin: option .disable. takes no value" "" { target *-*-* } 0 } */
/* { dg-error "failed to initialize plugin" "" { target *-*-* } 0 } */
int x;
