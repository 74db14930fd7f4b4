import { useEffect } from 'react';

export const APP_NAME = 'LabelPort';

/** Sets the tab's title to "<page> · LabelPort" while the page is shown (history, bookmarks, screen readers). */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${APP_NAME}` : APP_NAME;
  }, [pageTitle]);
}
