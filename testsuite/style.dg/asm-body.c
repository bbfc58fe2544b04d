/* Inline assembly as a body.  */
/* { dg-do compile } */

void f(int x)
{
	if (x) asm volatile("" ::: "memory"); /* { dg-warning "same line as the .if. condition @if-body@" } */
	if (x)
		asm volatile("nop");
	else __asm__("nop"); /* { dg-warning "same line as .else. @else-body@" } */
}
