const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

export const formatBulkDay = (iso: string): string => DAY.format(new Date(iso));
export const formatBulkTime = (iso: string): string => TIME.format(new Date(iso));
