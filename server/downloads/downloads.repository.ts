/** Storage behind the downloads routes (filled in by the downloads work). */
export interface DownloadsRepository {}
