// The id of the header's line for toasts (components/site-header.tsx renders it, the
// bell portals its toast into it). Its own module: the header is a server component,
// and a constant imported from a "use client" module would reach it as a client reference.
export const TOAST_SLOT_ID = "toast-slot";
