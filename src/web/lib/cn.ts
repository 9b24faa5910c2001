// Joins class names and resolves Tailwind conflicts (the last utility wins), as shadcn's cn().
import { clsx, type ClassValue } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs))
}
