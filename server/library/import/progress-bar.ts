/** A one-line progress bar on a TTY stream (plain lines when it is not a terminal). */
export function progressBar(
  stream: NodeJS.WriteStream = process.stderr,
): (done: number, total: number, label: string) => void {
  return (done, total, label) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}`;
    if (stream.isTTY)
      stream.write(
        `\r\x1b[2K${line.slice(0, (stream.columns || 100) - 1)}${done === total ? '\n' : ''}`,
      );
    else stream.write(`${line}\n`);
  };
}
