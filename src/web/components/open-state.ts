// What a dialog takes from whoever opens it: whether it is open, and the way to close it.
export type OpenState = { open: boolean; onOpenChange: (open: boolean) => void }
