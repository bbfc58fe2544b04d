/* #pragma style_plugin: push, off RULE..., on, pop; from _Pragma in a
   macro too; the region is silent and nothing else is.  */
/* { dg-do compile } */
/* { dg-options "-Wall" } */
#include "style-common.h"

/* An excess message here if the plugin did not predefine it (a warning,
   so that identity.sh still compiles this file without the plugin).  */
#ifndef __STYLE_PLUGIN__
#warning "the plugin predefines __STYLE_PLUGIN__"
#endif
#define STR(s) #s
#define OFF(r) _Pragma("style_plugin push") _Pragma(STR(style_plugin off r))
#define POP _Pragma("style_plugin pop")

void f(int x)
{
#pragma style_plugin push
#pragma style_plugin off "if-body, -Wstyle-else-body"
	if (x) foo(); /* { dg-bogus "-Wstyle" } */
	else bar(); /* { dg-bogus "-Wstyle" } */
	while (x) x--; /* { dg-warning "@loop-body@" } */
#pragma style_plugin pop
	if (x) foo(); /* { dg-warning "@if-body@" } */
	OFF("loop-body")
	while (x) x--; /* { dg-bogus "-Wstyle" } */
	POP
	while (x) x--; /* { dg-warning "@loop-body@" } */
#pragma style_plugin off
	if (x) foo(); /* { dg-bogus "-Wstyle" } */
#pragma style_plugin on "if-body"
	if (x) foo(); /* { dg-warning "@if-body@" } */
	while (x) x--; /* { dg-bogus "-Wstyle" } */
#pragma style_plugin on
}
