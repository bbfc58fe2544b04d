/* -w silences style warnings like any other warning.  */
/* { dg-do compile } */
/* { dg-options "-w" } */
#include "style-common.h"

void f(int x)
{
	if (x) foo(); /* { dg-bogus "Wstyle" } */
}
