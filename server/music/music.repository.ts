/** Storage behind the music routes (filled in by the music work). */
export interface MusicRepository {}
