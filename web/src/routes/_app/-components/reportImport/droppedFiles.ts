/**
 * The files of a drop, with dropped folders read through (a folder of Markdown reports is one
 * drop). Plain DOM: `webkitGetAsEntry` is in every current browser; where an item has no entry,
 * its file is taken as it is.
 */
export const droppedFiles = async (transfer: DataTransfer): Promise<ReadonlyArray<File>> => {
  // Entries must be taken before the first await: the DataTransfer is emptied once the event ends.
  const items = Array.from(transfer.items).filter((item) => item.kind === "file")
  const entries = items.map((item) => item.webkitGetAsEntry?.() ?? null)
  if (entries.every((entry) => entry === null || entry.isFile)) return Array.from(transfer.files)
  const nested = await Promise.all(
    entries.map((entry, index) => {
      if (entry !== null) return filesOfEntry(entry)
      const file = items[index]?.getAsFile()
      return Promise.resolve(file ? [file] : [])
    }),
  )
  return nested.flat()
}

const isFileEntry = (entry: FileSystemEntry): entry is FileSystemFileEntry => entry.isFile
const isDirectoryEntry = (entry: FileSystemEntry): entry is FileSystemDirectoryEntry => entry.isDirectory

const filesOfEntry = async (entry: FileSystemEntry): Promise<ReadonlyArray<File>> => {
  if (isFileEntry(entry)) return [await new Promise<File>((resolve, reject) => entry.file(resolve, reject))]
  if (!isDirectoryEntry(entry)) return []
  const children = await readAllEntries(entry.createReader())
  return (await Promise.all(children.map(filesOfEntry))).flat()
}

/** A directory reader answers in pages (100 in Chromium) until it answers an empty one. */
const readAllEntries = async (reader: FileSystemDirectoryReader): Promise<ReadonlyArray<FileSystemEntry>> => {
  const all: Array<FileSystemEntry> = []
  for (;;) {
    const page = await new Promise<ReadonlyArray<FileSystemEntry>>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    )
    if (page.length === 0) return all
    all.push(...page)
  }
}
