// What a personal API token may do (ADR 0033): read only, or read and write.
export const TOKEN_ACCESS_LEVELS = ['read', 'write'] as const
export type TokenAccess = (typeof TOKEN_ACCESS_LEVELS)[number]
