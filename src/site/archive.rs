//! Unpacking the programs that students upload, and reading how to run them.
//!
//! A player is uploaded as a single file or as an archive (`.zip`, `.tar`, `.tar.gz`/`.tgz`).
//! Every upload is treated as hostile, because an archive is a list of instructions for
//! writing files and the classic attacks all hide in it:
//!
//! - **Path traversal** (“zip slip”): an entry named `../../home/site/.bashrc`, `/etc/cron.d/x`,
//!   `C:/…` or `..\..\x` writes outside the folder it was meant for. Every entry's name is checked
//!   component by component and the whole archive is refused at the first bad one; no name is
//!   “cleaned up”, since a quietly rewritten name hides the attack from the student and from us.
//! - **Links**: a symbolic or hard link entry followed by a file written “through” it reaches
//!   anywhere on the machine. Only directories and regular files are accepted, and files are
//!   created with `create_new` (`O_CREAT|O_EXCL`), which never follows a link and never
//!   overwrites, so a duplicate entry is refused rather than silently replacing an earlier one.
//! - **Special files**: devices and fifos have no place in a player and can hang or expose the
//!   host; they are refused.
//! - **Bombs**: a few kilobytes can inflate to terabytes, and sizes in headers are whatever the
//!   attacker wrote. [`Caps`] are checked against the bytes actually read (headers are only used to
//!   refuse early), the number of files and folders is capped, nesting is limited to
//!   [`MAX_DEPTH`] and each name part to [`MAX_COMPONENT_BYTES`] bytes. For tar the whole
//!   decompressed stream is capped too, because the tar reader holds long-name and PAX headers in
//!   memory before we ever see the entry.
//! - **Permissions**: modes from the archive are not trusted. Files get `0644`, or `0755` when the
//!   archive marks them executable; folders get `0755`; setuid, setgid and sticky bits and the
//!   owner are never restored.
//!
//! On any refusal everything already written is removed, so a half-unpacked player is never run,
//! and the error is a sentence for the student naming the entry and the reason.
//!
//! The archive's root holds `tabula.toml` ([`read_manifest`]), which says how to run the player.

use std::cell::Cell;
use std::collections::HashSet;
use std::fs::{self, DirBuilder, OpenOptions};
use std::io::{self, Cursor, Read, Write};
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::rc::Rc;

use flate2::read::MultiGzDecoder;

/// Deepest nesting accepted: a path may have at most this many parts (`a/b/…/file`).
/// Real projects are shallow; deep trees only serve to exhaust path buffers and the disk.
pub const MAX_DEPTH: usize = 16;

/// Longest part of a path accepted, in bytes: the limit of common Linux file systems.
pub const MAX_COMPONENT_BYTES: usize = 255;

/// Name of the manifest at the archive's root.
pub const MANIFEST_NAME: &str = "tabula.toml";

/// File extensions a `player` manifest entry may name: Prolog, Lisp and Python players.
pub const PLAYER_EXTENSIONS: [&str; 3] = ["pl", "lisp", "py"];

/// Largest `tabula.toml` read: a manifest is a couple of lines, and it is read whole into memory.
const MAX_MANIFEST_BYTES: u64 = 64 * 1024;

/// Tar stream allowance per entry beyond file contents (header, PAX record, GNU long name).
const TAR_OVERHEAD_PER_ENTRY: u64 = 8 * 1024;

/// Tar stream allowance for the archive as a whole (global PAX header, end blocks).
const TAR_OVERHEAD_FIXED: u64 = 1024 * 1024;

/// Limits on what an archive may unpack to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caps {
    /// Most regular files written; folders are capped separately at the same number.
    pub max_files: usize,
    /// Most bytes written, all files together, counted as they are read.
    pub max_bytes: u64,
}

/// An accepted archive format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ArchiveKind {
    /// `.zip`
    Zip,
    /// `.tar`, uncompressed
    Tar,
    /// `.tar.gz` or `.tgz`
    TarGz,
}

impl ArchiveKind {
    /// The format's usual file name ending, for messages.
    pub fn label(self) -> &'static str {
        match self {
            ArchiveKind::Zip => ".zip",
            ArchiveKind::Tar => ".tar",
            ArchiveKind::TarGz => ".tar.gz",
        }
    }
}

/// The archive formats accepted, from the uploaded file's name: .zip, .tar, .tar.gz, .tgz
/// (any letter case). `None` means the upload is a single file, not an archive.
pub fn archive_kind(file_name: &str) -> Option<ArchiveKind> {
    let name = file_name.to_ascii_lowercase();
    if name.ends_with(".tar.gz") || name.ends_with(".tgz") {
        Some(ArchiveKind::TarGz)
    } else if name.ends_with(".tar") {
        Some(ArchiveKind::Tar)
    } else if name.ends_with(".zip") {
        Some(ArchiveKind::Zip)
    } else {
        None
    }
}

/// Why an upload is not unpacked, or its manifest not accepted.
#[derive(Debug, thiserror::Error)]
pub enum ArchiveError {
    /// The archive is refused: words for the student, naming the entry and why.
    #[error("{0}")]
    Refused(String),
    /// The archive unpacked, but its `tabula.toml` does not say how to run a player:
    /// words for the student, with an example where it helps.
    #[error("{0}")]
    Manifest(String),
    /// The server's own folder to unpack into was not empty: not the student's doing.
    #[error("internal error: the folder {} to unpack into is not empty", .0.display())]
    FolderNotEmpty(PathBuf),
    /// The server's own folder to unpack into could not be opened.
    #[error("internal error: cannot open the folder {} to unpack into: {source}", path.display())]
    Folder {
        path: PathBuf,
        #[source]
        source: io::Error,
    },
}

/// An [`ArchiveError::Refused`] with its words formatted in place.
macro_rules! refused {
    ($($words:tt)*) => { ArchiveError::Refused(format!($($words)*)) };
}

/// An [`ArchiveError::Manifest`] with its words formatted in place.
macro_rules! manifest {
    ($($words:tt)*) => { ArchiveError::Manifest(format!($($words)*)) };
}

/// Unpacks `data` (the uploaded bytes) into the folder `into` (which exists and is empty),
/// returning the relative paths of the regular files written, in archive order.
///
/// On any refusal, returns [`ArchiveError::Refused`] (words for the student, naming the entry
/// and why) and
/// removes whatever it wrote inside `into` (leaving `into` itself). An archive with no regular
/// file at all is refused too, since there would be nothing to run.
pub fn unpack(
    kind: ArchiveKind,
    data: &[u8],
    into: &Path,
    caps: &Caps,
) -> Result<Vec<PathBuf>, ArchiveError> {
    // Checked because cleanup removes what this call wrote, and that must not be mixed with
    // anything that was there before.
    match fs::read_dir(into) {
        Ok(mut listing) => {
            if listing.next().is_some() {
                return Err(ArchiveError::FolderNotEmpty(into.to_path_buf()));
            }
        }
        Err(e) => {
            return Err(ArchiveError::Folder {
                path: into.to_path_buf(),
                source: e,
            });
        }
    }

    let mut unpacker = Unpacker::new(kind, into, caps);
    let result = match kind {
        ArchiveKind::Zip => unpacker.unpack_zip(data),
        ArchiveKind::Tar => unpacker.unpack_tar(Box::new(data)),
        ArchiveKind::TarGz => unpacker.unpack_tar(Box::new(MultiGzDecoder::new(data))),
    }
    .and_then(|()| {
        if unpacker.files.is_empty() {
            Err(refused!(
                "The {} archive holds no files, so there is no player to run.",
                kind.label()
            ))
        } else {
            Ok(())
        }
    });
    match result {
        Ok(()) => Ok(unpacker.files),
        Err(message) => {
            unpacker.remove_written();
            Err(message)
        }
    }
}

/// What an archive entry will become on disk.
enum Kind {
    File { executable: bool },
    Dir,
}

/// Why writing a file failed: a refusal already in words, or an error reading the archive,
/// which the caller words according to the format.
enum Fail {
    Refused(ArchiveError),
    Read(io::Error),
}

/// The state of one unpacking: what was written so far, for the caps and for cleanup.
struct Unpacker<'a> {
    kind: ArchiveKind,
    into: &'a Path,
    caps: &'a Caps,
    /// Regular files written, relative to `into`, in archive order (the result).
    files: Vec<PathBuf>,
    /// The same, for lookups: a file may not later become a folder or be written twice.
    file_set: HashSet<PathBuf>,
    /// Folders made, relative to `into`.
    dirs: HashSet<PathBuf>,
    /// Top-level names created in `into`, in order: removing them removes everything written.
    top_level: Vec<PathBuf>,
    /// Bytes of file contents written so far.
    bytes: u64,
    /// Set when the tar stream cap stopped a read, to tell a bomb from a damaged archive.
    stream_capped: Rc<Cell<bool>>,
}

impl<'a> Unpacker<'a> {
    fn new(kind: ArchiveKind, into: &'a Path, caps: &'a Caps) -> Self {
        Unpacker {
            kind,
            into,
            caps,
            files: Vec::new(),
            file_set: HashSet::new(),
            dirs: HashSet::new(),
            top_level: Vec::new(),
            bytes: 0,
            stream_capped: Rc::new(Cell::new(false)),
        }
    }

    fn unpack_zip(&mut self, data: &[u8]) -> Result<(), ArchiveError> {
        let mut archive = zip::ZipArchive::new(Cursor::new(data))
            .map_err(|e| refused!("This is not a valid .zip archive: {}.", quoted_error(&e)))?;
        for index in 0..archive.len() {
            // Metadata first, from the central directory, without starting to decompress.
            let (name, mode, declared, encrypted) = {
                let entry = archive.by_index_data(index).map_err(|e| {
                    refused!("This is not a valid .zip archive: {}.", quoted_error(&e))
                })?;
                let name = match entry.name() {
                    Ok(name) => name.into_owned(),
                    Err(_) => {
                        let raw = String::from_utf8_lossy(entry.name_raw()).into_owned();
                        return Err(refusal(&raw, "has a name that cannot be read as text"));
                    }
                };
                (name, entry.unix_mode(), entry.size(), entry.encrypted())
            };
            let (rel, dir_by_name) = checked_path(&name)?;
            if encrypted {
                return Err(refusal(
                    &name,
                    "is protected by a password; upload the archive without encryption",
                ));
            }
            let kind = zip_entry_kind(&name, mode, dir_by_name)?;
            match kind {
                Kind::Dir => self.make_dir_entry(&rel, &name)?,
                Kind::File { executable } => {
                    // Header consistency: the local header must agree with the central
                    // directory, so no other unzip tool sees a different file here.
                    let options = zip::ZipReadOptions::new().enforce_header_consistency(true);
                    let mut reader = archive
                        .by_index_with_options(index, options)
                        .map_err(|e| damaged_zip_entry(&name, &e))?;
                    self.write_file(&rel, &name, Some(declared), executable, &mut reader)
                        .map_err(|fail| match fail {
                            Fail::Refused(message) => message,
                            Fail::Read(e) => damaged_zip_entry(&name, &e),
                        })?;
                }
            }
        }
        Ok(())
    }

    fn unpack_tar(&mut self, stream: Box<dyn Read + '_>) -> Result<(), ArchiveError> {
        // The stream cap bounds what the tar reader itself buffers (long names, PAX records)
        // and what it skips over, neither of which passes through `write_file`.
        let per_entry = TAR_OVERHEAD_PER_ENTRY.saturating_mul(
            (self.caps.max_files as u64)
                .saturating_mul(2)
                .saturating_add(8),
        );
        let stream_cap = self
            .caps
            .max_bytes
            .saturating_add(per_entry)
            .saturating_add(TAR_OVERHEAD_FIXED);
        let capped = CappedReader {
            inner: stream,
            left: stream_cap,
            tripped: Rc::clone(&self.stream_capped),
        };
        let mut archive = tar::Archive::new(capped);
        let entries = archive.entries().map_err(|e| self.tar_error(None, &e))?;
        for entry in entries {
            let mut entry = entry.map_err(|e| self.tar_error(None, &e))?;
            let raw_name = entry.path_bytes().into_owned();
            let name = match String::from_utf8(raw_name) {
                Ok(name) => name,
                Err(e) => {
                    let lossy = String::from_utf8_lossy(e.as_bytes()).into_owned();
                    return Err(refusal(&lossy, "has a name that is not valid UTF-8 text"));
                }
            };
            let header = entry.header();
            let entry_type = header.entry_type();
            // A mode that does not parse is treated as "not executable": the mode only ever
            // decides between 0644 and 0755.
            let mode = header.mode().unwrap_or(0);
            // The entry's size, with any PAX override applied: what the reader will deliver.
            let declared = Some(entry.size());
            let kind = match entry_type {
                // `git archive` writes a global PAX header holding the commit id: metadata only.
                tar::EntryType::XGlobalHeader => continue,
                tar::EntryType::Regular | tar::EntryType::Continuous => Kind::File {
                    executable: mode & 0o111 != 0,
                },
                tar::EntryType::Directory => Kind::Dir,
                other => return Err(refusal(&name, &tar_type_reason(other))),
            };
            let (rel, dir_by_name) = checked_path(&name)?;
            match kind {
                Kind::Dir => self.make_dir_entry(&rel, &name)?,
                Kind::File { executable } => {
                    if dir_by_name {
                        return Err(refusal(&name, "ends with \"/\" but is stored as a file"));
                    }
                    self.write_file(&rel, &name, declared, executable, &mut entry)
                        .map_err(|fail| match fail {
                            Fail::Refused(message) => message,
                            Fail::Read(e) => self.tar_error(Some(&name), &e),
                        })?;
                }
            }
        }
        Ok(())
    }

    /// Words an error met while reading the tar stream.
    fn tar_error(&self, name: Option<&str>, e: &io::Error) -> ArchiveError {
        if self.stream_capped.get() {
            refused!(
                "The archive was refused because it unpacks to more than {} bytes.",
                self.caps.max_bytes
            )
        } else {
            match name {
                Some(name) => refused!(
                    "This is not a valid {} archive: the entry {} is damaged ({}).",
                    self.kind.label(),
                    shown(name),
                    quoted_error(e)
                ),
                None => refused!(
                    "This is not a valid {} archive: {}.",
                    self.kind.label(),
                    quoted_error(e)
                ),
            }
        }
    }

    /// Makes the folder an entry names (and any missing parents). An entry naming the root
    /// itself (`./`, as `tar -C dir -cf x.tar .` writes) is accepted and does nothing.
    fn make_dir_entry(&mut self, rel: &Path, name: &str) -> Result<(), ArchiveError> {
        if rel.as_os_str().is_empty() {
            return Ok(());
        }
        self.make_dirs(rel, name)
    }

    /// Makes `rel` and its missing parents, each only once and only where nothing exists yet,
    /// so nothing already on disk is ever entered or followed.
    fn make_dirs(&mut self, rel: &Path, name: &str) -> Result<(), ArchiveError> {
        let mut so_far = PathBuf::new();
        for part in rel.components() {
            so_far.push(part);
            if self.dirs.contains(&so_far) {
                continue;
            }
            if self.file_set.contains(&so_far) {
                return Err(refusal(
                    name,
                    &format!(
                        "needs a folder \"{}\" where the archive already put a file",
                        so_far.display()
                    ),
                ));
            }
            if self.dirs.len() >= self.caps.max_files {
                return Err(refusal(
                    name,
                    &format!(
                        "would make the archive hold more than {} folders",
                        self.caps.max_files
                    ),
                ));
            }
            let full = self.into.join(&so_far);
            // `create` (not `create_all`) fails if anything is already there, link or not.
            DirBuilder::new()
                .mode(0o755)
                .create(&full)
                .map_err(|e| write_error(name, &e))?;
            self.note_created(&so_far);
            self.dirs.insert(so_far.clone());
            // The umask may have narrowed the mode; set it exactly.
            fs::set_permissions(&full, fs::Permissions::from_mode(0o755))
                .map_err(|e| write_error(name, &e))?;
        }
        Ok(())
    }

    /// Writes one regular file from `reader`, counting what is actually read against the caps.
    fn write_file(
        &mut self,
        rel: &Path,
        name: &str,
        declared: Option<u64>,
        executable: bool,
        reader: &mut dyn Read,
    ) -> Result<(), Fail> {
        if rel.as_os_str().is_empty() {
            return Err(Fail::Refused(refusal(name, "has an empty name")));
        }
        if self.file_set.contains(rel) || self.dirs.contains(rel) {
            return Err(Fail::Refused(refusal(name, "appears twice in the archive")));
        }
        if self.files.len() >= self.caps.max_files {
            return Err(Fail::Refused(refusal(
                name,
                &format!(
                    "would make the archive hold more than {} files",
                    self.caps.max_files
                ),
            )));
        }
        let max_bytes = self.caps.max_bytes;
        let remaining = max_bytes.saturating_sub(self.bytes);
        let too_big = || {
            Fail::Refused(refusal(
                name,
                &format!("would make the archive unpack to more than {max_bytes} bytes"),
            ))
        };
        // The declared size only allows refusing early; it is not trusted to be true.
        if declared.is_some_and(|size| size > remaining) {
            return Err(too_big());
        }
        if let Some(parent) = rel.parent() {
            self.make_dirs(parent, name).map_err(Fail::Refused)?;
        }
        let full = self.into.join(rel);
        // `create_new` is O_CREAT|O_EXCL: it fails on anything already there, a link included,
        // so nothing is followed and nothing is overwritten.
        let mut file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&full)
            .map_err(|e| {
                if e.kind() == io::ErrorKind::AlreadyExists {
                    Fail::Refused(refusal(name, "appears twice in the archive"))
                } else {
                    Fail::Refused(write_error(name, &e))
                }
            })?;
        self.note_created(rel);
        self.file_set.insert(rel.to_path_buf());

        // One byte more than allowed is read, so that "exactly at the cap" passes and anything
        // beyond is seen without reading the rest of the bomb.
        let mut limited = reader.take(remaining.saturating_add(1));
        let mut buffer = vec![0u8; 64 * 1024];
        let mut written: u64 = 0;
        loop {
            let n = match limited.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Fail::Read(e)),
            };
            written = written.saturating_add(n as u64);
            if written > remaining {
                return Err(too_big());
            }
            file.write_all(&buffer[..n])
                .map_err(|e| Fail::Refused(write_error(name, &e)))?;
        }
        self.bytes = self.bytes.saturating_add(written);
        let mode = if executable { 0o755 } else { 0o644 };
        file.set_permissions(fs::Permissions::from_mode(mode))
            .map_err(|e| Fail::Refused(write_error(name, &e)))?;
        self.files.push(rel.to_path_buf());
        Ok(())
    }

    /// Remembers a top-level name as soon as it exists, so cleanup finds it even if the
    /// write that created it fails halfway.
    fn note_created(&mut self, rel: &Path) {
        if rel.components().count() == 1 {
            self.top_level.push(rel.to_path_buf());
        }
    }

    /// Removes everything this unpacking wrote. Best effort: a refusal is reported whatever
    /// happens here, and the caller discards `into` anyway.
    fn remove_written(&mut self) {
        for name in self.top_level.drain(..) {
            let full = self.into.join(&name);
            // `symlink_metadata` and `remove_dir_all` do not follow links.
            let _ = match fs::symlink_metadata(&full) {
                Ok(meta) if meta.is_dir() => fs::remove_dir_all(&full),
                Ok(_) => fs::remove_file(&full),
                Err(_) => Ok(()),
            };
        }
        self.files.clear();
        self.file_set.clear();
        self.dirs.clear();
    }
}

/// A reader that fails once more than `left` bytes would be read, noting that it did.
struct CappedReader<R> {
    inner: R,
    left: u64,
    tripped: Rc<Cell<bool>>,
}

impl<R: Read> Read for CappedReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.left == 0 {
            // At the cap: a clean end of stream is fine, one more byte is not.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => {
                    self.tripped.set(true);
                    Err(io::Error::other("the archive is larger than allowed"))
                }
            };
        }
        let allowed = usize::try_from(self.left)
            .unwrap_or(usize::MAX)
            .min(buf.len());
        let n = self.inner.read(&mut buf[..allowed])?;
        self.left = self.left.saturating_sub(n as u64);
        Ok(n)
    }
}

/// Decides from a zip entry's unix mode (when the archive has one) what it is; only folders and
/// regular files are accepted.
fn zip_entry_kind(name: &str, mode: Option<u32>, dir_by_name: bool) -> Result<Kind, ArchiveError> {
    const S_IFMT: u32 = 0o170_000;
    let mode = mode.unwrap_or(0);
    match mode & S_IFMT {
        // No file type recorded (DOS-made archives): the trailing "/" decides.
        0 if dir_by_name => Ok(Kind::Dir),
        0 | 0o100_000 if !dir_by_name => Ok(Kind::File {
            executable: mode & 0o111 != 0,
        }),
        // A regular-file mode on a name ending in "/" is how some tools write folders.
        0o100_000 | 0o040_000 => Ok(Kind::Dir),
        0o120_000 => Err(refusal(name, LINK_REASON)),
        0o020_000 | 0o060_000 => Err(refusal(name, DEVICE_REASON)),
        0o010_000 => Err(refusal(name, FIFO_REASON)),
        0o140_000 => Err(refusal(
            name,
            "is a socket; only files and folders are accepted",
        )),
        other => Err(refusal(
            name,
            &format!("has an unknown file type ({other:o}); only files and folders are accepted"),
        )),
    }
}

const LINK_REASON: &str =
    "is a symbolic link; links are not accepted, put the file itself in the archive";
const HARD_LINK_REASON: &str =
    "is a hard link; links are not accepted, put the file itself in the archive";
const DEVICE_REASON: &str = "is a device file; only files and folders are accepted";
const FIFO_REASON: &str = "is a named pipe (fifo); only files and folders are accepted";

/// Why a tar entry of a type other than file or folder is refused.
fn tar_type_reason(entry_type: tar::EntryType) -> String {
    match entry_type {
        tar::EntryType::Symlink => LINK_REASON.to_string(),
        tar::EntryType::Link => HARD_LINK_REASON.to_string(),
        tar::EntryType::Char | tar::EntryType::Block => DEVICE_REASON.to_string(),
        tar::EntryType::Fifo => FIFO_REASON.to_string(),
        tar::EntryType::GNUSparse => {
            "is a sparse file, which is not accepted; archive it as an ordinary file".to_string()
        }
        other => format!(
            "has an unknown entry type ({:?}); only files and folders are accepted",
            other.as_byte() as char
        ),
    }
}

/// Checks an entry's name and turns it into a relative path of plain parts, also telling
/// whether the name ends with "/" (a folder, in both zip and tar).
///
/// Nothing is rewritten: a name that would need cleaning up is refused, with the reason. Empty
/// parts (`a//b`) and `.` parts are skipped since they name nothing; the result is empty only
/// for names like `./`, which the caller accepts for folders and refuses for files.
fn checked_path(name: &str) -> Result<(PathBuf, bool), ArchiveError> {
    if let Some(reason) = path_problem(name) {
        return Err(refusal(name, reason));
    }
    let mut path = PathBuf::new();
    let mut depth = 0;
    for part in name.split('/') {
        match part {
            "" | "." => continue,
            ".." => return Err(refusal(name, DOTDOT_REASON)),
            _ => {}
        }
        if part.len() > MAX_COMPONENT_BYTES {
            return Err(refusal(
                name,
                &format!(
                    "has a name part longer than {MAX_COMPONENT_BYTES} bytes ({} bytes)",
                    part.len()
                ),
            ));
        }
        depth += 1;
        if depth > MAX_DEPTH {
            return Err(refusal(
                name,
                &format!("is nested deeper than {MAX_DEPTH} levels"),
            ));
        }
        path.push(part);
    }
    Ok((path, name.ends_with('/')))
}

const DOTDOT_REASON: &str = "climbs out of the archive's folder with \"..\"";

/// The problems a name has as a whole, before its parts are looked at.
fn path_problem(name: &str) -> Option<&'static str> {
    let bytes = name.as_bytes();
    if name.is_empty() {
        Some("has an empty name")
    } else if name.starts_with('/') {
        Some("has an absolute path (starting with \"/\"); paths must be relative")
    } else if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        Some("starts with a drive letter (like \"C:\"); paths must be relative")
    } else if name.contains('\\') {
        // On Windows, and to some unzip tools, "\" separates folders, so "..\x" can climb out.
        Some("contains a backslash (\"\\\"); use \"/\" between folders")
    } else if name.chars().any(char::is_control) {
        // Control characters (NUL, newline, escapes) corrupt logs and the pages showing names.
        Some("contains a control character")
    } else {
        None
    }
}

/// A refusal naming the entry and the reason.
fn refusal(name: &str, reason: &str) -> ArchiveError {
    refused!(
        "The archive was refused because its entry {} {reason}.",
        shown(name)
    )
}

fn damaged_zip_entry(name: &str, error: &dyn std::fmt::Display) -> ArchiveError {
    refused!(
        "This is not a valid .zip archive: the entry {} is damaged ({}).",
        shown(name),
        quoted_error(error)
    )
}

fn write_error(name: &str, e: &io::Error) -> ArchiveError {
    refused!(
        "The archive could not be unpacked: writing its entry {} failed ({e}).",
        shown(name)
    )
}

/// A library's error text, escaped and shortened: the zip and tar readers quote raw header
/// bytes from the upload in their errors (a whole garbage header, control characters and all).
fn quoted_error(error: &dyn std::fmt::Display) -> String {
    const MAX_CHARS: usize = 160;
    let text = error.to_string();
    let short: String = text.chars().take(MAX_CHARS).collect();
    let ellipsis = if text.chars().count() > MAX_CHARS {
        "…"
    } else {
        ""
    };
    format!("{}{ellipsis}", printable(&short))
}

/// A name quoted for a message, escaped and shortened, since it comes from a hostile upload.
fn shown(name: &str) -> String {
    const MAX_CHARS: usize = 100;
    let short: String = name.chars().take(MAX_CHARS).collect();
    let ellipsis = if name.chars().count() > MAX_CHARS {
        "…"
    } else {
        ""
    };
    format!("\"{}{ellipsis}\"", printable(&short))
}

/// Text with control and invisible characters (newlines, terminal escapes, bidi overrides)
/// written as escapes like `\n` or `\u{202e}`, so hostile text cannot disguise itself in a
/// message; quotes and backslashes stay as they are, to read naturally.
fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\'' | '"' | '\\' => out.push(c),
            _ => out.extend(c.escape_debug()),
        }
    }
    out
}

/// How to run a player, from the manifest `tabula.toml` at the archive's root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Manifest {
    /// A program and its arguments, run from the archive's root folder (not through a shell).
    Command(Vec<String>),
    /// One player file inside the archive (.pl, .lisp or .py), relative to its root.
    Player(PathBuf),
}

/// An example manifest, shown whenever the student needs to write or fix one.
const MANIFEST_EXAMPLE: &str = "Write either a command, run from the archive's top folder:\n\n    \
     command = \"python3 bot.py --fast\"\n\n\
     (or as a list: command = [\"python3\", \"bot.py\", \"--fast\"]), or the one player file \
     to load (.pl, .lisp or .py):\n\n    player = \"src/main.pl\"";

/// Extensions that make a command word look like a file of the archive (see
/// [`first_path_like`]): sources and scripts of common languages.
const SCRIPT_EXTENSIONS: [&str; 17] = [
    "py", "pl", "pro", "prolog", "lisp", "lsp", "cl", "fasl", "sh", "bash", "js", "mjs", "cjs",
    "rb", "jar", "lua", "scm",
];

/// Reads `tabula.toml` at `root` (the folder an archive was unpacked into) and checks it:
/// exactly one of `command` or `player`, no other key, and the file it names present inside
/// `root`. Errors are sentences for the student, with an example where it helps.
pub fn read_manifest(root: &Path) -> Result<Manifest, ArchiveError> {
    let path = root.join(MANIFEST_NAME);
    let meta = match fs::symlink_metadata(&path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(ArchiveError::Manifest(missing_manifest(root)));
        }
        Err(e) => return Err(manifest!("{MANIFEST_NAME} could not be read: {e}.")),
    };
    if !meta.is_file() {
        return Err(manifest!("{MANIFEST_NAME} must be a plain text file."));
    }
    if meta.len() > MAX_MANIFEST_BYTES {
        return Err(manifest!(
            "{MANIFEST_NAME} is too large ({} bytes); it needs only a line or two.",
            meta.len()
        ));
    }
    let bytes =
        fs::read(&path).map_err(|e| manifest!("{MANIFEST_NAME} could not be read: {e}."))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| manifest!("{MANIFEST_NAME} is not UTF-8 text; save it as UTF-8."))?;
    parse_manifest(&text, root)
}

/// The message for a missing manifest, with a hint when the student zipped the folder
/// holding their code instead of its contents.
fn missing_manifest(root: &Path) -> String {
    let mut message = format!(
        "The archive has no {MANIFEST_NAME} at its top level, so tabula does not know how to \
         run your player. Add a file named {MANIFEST_NAME} next to your code. {MANIFEST_EXAMPLE}"
    );
    if let Some(folder) = nested_manifest_folder(root) {
        message.push_str(&format!(
            "\n\nThere is a {MANIFEST_NAME} inside the folder \"{}\": put {MANIFEST_NAME} and \
             your code at the archive's top level (archive the folder's contents, not the \
             folder).",
            printable(&folder)
        ));
    }
    message
}

/// The first top-level folder (by name) that holds a manifest, if any.
fn nested_manifest_folder(root: &Path) -> Option<String> {
    let mut found: Vec<String> = fs::read_dir(root)
        .ok()?
        .filter_map(Result::ok)
        .filter(|entry| entry.file_type().is_ok_and(|t| t.is_dir()))
        .filter(|entry| {
            fs::symlink_metadata(entry.path().join(MANIFEST_NAME)).is_ok_and(|m| m.is_file())
        })
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect();
    found.sort();
    found.into_iter().next()
}

/// Parses and checks a manifest's text; files it names are looked up under `root`.
fn parse_manifest(text: &str, root: &Path) -> Result<Manifest, ArchiveError> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        // The error quotes the offending line; a hostile one-line manifest could be 64 KiB.
        let text: String = e.to_string().trim_end().chars().take(1500).collect();
        manifest!("{MANIFEST_NAME} is not valid TOML: {text}")
    })?;
    let unknown: Vec<String> = table
        .keys()
        .filter(|key| key.as_str() != "command" && key.as_str() != "player")
        .map(|key| format!("\"{}\"", printable(key)))
        .collect();
    if !unknown.is_empty() {
        return Err(manifest!(
            "{MANIFEST_NAME} has unknown {} {}: it may set only \"command\" or \"player\". \
             {MANIFEST_EXAMPLE}",
            if unknown.len() == 1 { "key" } else { "keys" },
            unknown.join(", ")
        ));
    }
    match (table.get("command"), table.get("player")) {
        (Some(_), Some(_)) => Err(manifest!(
            "{MANIFEST_NAME} sets both \"command\" and \"player\": set only one of them. \
             {MANIFEST_EXAMPLE}"
        )),
        (None, None) => Err(manifest!(
            "{MANIFEST_NAME} sets neither \"command\" nor \"player\". {MANIFEST_EXAMPLE}"
        )),
        (Some(command), None) => {
            let words = command_words(command)?;
            check_command_file(&words, root)?;
            Ok(Manifest::Command(words))
        }
        (None, Some(player)) => player_file(player, root).map(Manifest::Player),
    }
}

/// The words of `command`, from a string split at spaces or from an array of strings.
fn command_words(value: &toml::Value) -> Result<Vec<String>, ArchiveError> {
    let words: Vec<String> = match value {
        toml::Value::String(line) => {
            // The command is not run by a shell, so shell syntax would silently mean something
            // else (a quoted argument would keep its quotes); ask for the array form instead.
            if let Some(c) = line
                .chars()
                .find(|c| "\"'\\`$|;&<>()*~".contains(*c) || (c.is_control() && *c != '\t'))
            {
                let what = if c.is_control() {
                    "a control character".to_string()
                } else {
                    format!("the character “{c}”")
                };
                return Err(manifest!(
                    "In {MANIFEST_NAME}, \"command\" contains {what}, but the command is not \
                     run by a shell: the string form is only split at spaces. For arguments \
                     with spaces or special characters write it as a list, e.g. \
                     command = [\"python3\", \"bot.py\", \"--name\", \"my_bot\"]."
                ));
            }
            line.split_whitespace().map(str::to_string).collect()
        }
        toml::Value::Array(items) => {
            let mut words = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    toml::Value::String(word) => words.push(word.clone()),
                    _ => {
                        return Err(manifest!(
                            "In {MANIFEST_NAME}, every item of the \"command\" list must be a \
                             string in quotes, e.g. command = [\"python3\", \"bot.py\"]."
                        ));
                    }
                }
            }
            words
        }
        _ => {
            return Err(manifest!(
                "In {MANIFEST_NAME}, \"command\" must be a string such as \
                 command = \"python3 bot.py\" or a list of strings such as \
                 command = [\"python3\", \"bot.py\"]."
            ));
        }
    };
    match words.first() {
        None => Err(manifest!(
            "In {MANIFEST_NAME}, \"command\" is empty. {MANIFEST_EXAMPLE}"
        )),
        Some(program) if program.trim().is_empty() => Err(manifest!(
            "In {MANIFEST_NAME}, the first word of \"command\" (the program to run) is empty."
        )),
        Some(_) => Ok(words),
    }
}

/// The first word of a command that looks like a file of the archive: not an option, not an
/// absolute path (those name the machine's own programs, like /usr/bin/python3), and either
/// containing "/" (`./bot`, `src/bot.py`) or ending with a script extension (`bot.py`).
fn first_path_like(words: &[String]) -> Option<&str> {
    words.iter().map(String::as_str).find(|word| {
        !word.starts_with('-')
            && !word.starts_with('/')
            && (word.contains('/')
                || word.rsplit_once('.').is_some_and(|(stem, extension)| {
                    !stem.is_empty() && SCRIPT_EXTENSIONS.contains(&extension)
                }))
    })
}

/// Checks that the command's first path-like word names a file inside the archive, so a typo
/// is reported at upload time rather than as a crash in the middle of a championship.
fn check_command_file(words: &[String], root: &Path) -> Result<(), ArchiveError> {
    let Some(word) = first_path_like(words) else {
        return Ok(());
    };
    let rel = relative_inside(word).map_err(|reason| {
        manifest!(
            "In {MANIFEST_NAME}, \"command\" names the file {} which {reason}; name a file \
             inside the archive, relative to its top folder.",
            shown(word)
        )
    })?;
    match inside_kind(root, &rel) {
        InsideKind::File => Ok(()),
        InsideKind::Dir => Err(manifest!(
            "In {MANIFEST_NAME}, \"command\" names {} which is a folder in the archive, not a \
             file.",
            shown(word)
        )),
        InsideKind::Missing => Err(manifest!(
            "In {MANIFEST_NAME}, \"command\" names the file {}, but the archive has no such \
             file (paths are relative to the archive's top folder, where the command runs).",
            shown(word)
        )),
    }
}

/// The player file named by `player`, checked: a string, inside the archive, with a player
/// extension, present.
fn player_file(value: &toml::Value, root: &Path) -> Result<PathBuf, ArchiveError> {
    let Some(name) = value.as_str() else {
        return Err(manifest!(
            "In {MANIFEST_NAME}, \"player\" must be a file name in quotes, such as \
             player = \"src/main.pl\"."
        ));
    };
    let rel = relative_inside(name).map_err(|reason| {
        manifest!(
            "In {MANIFEST_NAME}, \"player\" = {} is refused: it {reason}. Name a file inside \
             the archive, relative to its top folder, such as player = \"src/main.pl\".",
            shown(name)
        )
    })?;
    let extension_ok = rel
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| PLAYER_EXTENSIONS.contains(&e));
    if !extension_ok {
        return Err(manifest!(
            "In {MANIFEST_NAME}, \"player\" = {} must name a .pl, .lisp or .py file; to run \
             anything else, use \"command\" instead.",
            shown(name)
        ));
    }
    match inside_kind(root, &rel) {
        InsideKind::File => Ok(rel),
        InsideKind::Dir => Err(manifest!(
            "In {MANIFEST_NAME}, \"player\" names {}, which is a folder in the archive, not a \
             file.",
            shown(name)
        )),
        InsideKind::Missing => Err(manifest!(
            "In {MANIFEST_NAME}, \"player\" names {}, but the archive has no such file (the \
             path is relative to the archive's top folder).",
            shown(name)
        )),
    }
}

/// A path from the manifest as plain relative parts, or why it is not one: the same rules as
/// for archive entries, so a manifest can only point at what the archive itself could hold.
fn relative_inside(name: &str) -> Result<PathBuf, &'static str> {
    if let Some(reason) = path_problem(name) {
        return Err(reason);
    }
    let mut path = PathBuf::new();
    for part in name.split('/') {
        match part {
            "" | "." => {}
            ".." => return Err(DOTDOT_REASON),
            _ => path.push(part),
        }
    }
    if path.as_os_str().is_empty() {
        return Err("has an empty name");
    }
    Ok(path)
}

enum InsideKind {
    File,
    Dir,
    Missing,
}

/// What `rel` is under `root`, looking at each part without following links, so a link placed
/// there some other way cannot make a file outside count as inside.
fn inside_kind(root: &Path, rel: &Path) -> InsideKind {
    let mut full = root.to_path_buf();
    let parts: Vec<_> = rel.components().collect();
    for (i, part) in parts.iter().enumerate() {
        full.push(part);
        let Ok(meta) = fs::symlink_metadata(&full) else {
            return InsideKind::Missing;
        };
        let last = i + 1 == parts.len();
        if last {
            return if meta.is_file() {
                InsideKind::File
            } else if meta.is_dir() {
                InsideKind::Dir
            } else {
                InsideKind::Missing
            };
        }
        if !meta.is_dir() {
            return InsideKind::Missing;
        }
    }
    InsideKind::Missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;
    use zip::write::SimpleFileOptions;

    const CAPS: Caps = Caps {
        max_files: 100,
        max_bytes: 1 << 20,
    };

    /// A fresh folder under the system's temporary folder, removed when dropped. Made by hand
    /// so the tests need no dev-dependency.
    struct TempDir(PathBuf);

    impl TempDir {
        fn path(&self) -> &Path {
            &self.0
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn tmp() -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let path = std::env::temp_dir().join(format!(
            "tabula-archive-test-{}-{nanos}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        fs::create_dir(&path).unwrap();
        TempDir(path)
    }

    fn empty(dir: &Path) -> bool {
        fs::read_dir(dir).unwrap().next().is_none()
    }

    fn mode_of(path: &Path) -> u32 {
        fs::symlink_metadata(path).unwrap().mode() & 0o7777
    }

    /// Unpacks, expects a refusal whose message contains `needle`, and checks nothing is left.
    fn refused(kind: ArchiveKind, data: &[u8], caps: &Caps, needle: &str) -> String {
        let dir = tmp();
        let message = unpack(kind, data, dir.path(), caps)
            .unwrap_err()
            .to_string();
        assert!(
            message.contains(needle),
            "message {message:?} lacks {needle:?}"
        );
        assert!(empty(dir.path()), "something was left after: {message}");
        message
    }

    // ---- archive builders --------------------------------------------------------------

    fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        for (name, data) in entries {
            if name.ends_with('/') {
                writer
                    .add_directory(*name, SimpleFileOptions::default())
                    .unwrap();
            } else {
                writer
                    .start_file(*name, SimpleFileOptions::default())
                    .unwrap();
                writer.write_all(data).unwrap();
            }
        }
        writer.finish().unwrap().into_inner()
    }

    /// A zip of one entry with the given unix file type and permission bits.
    fn zip_with_mode(name: &str, mode: u32, data: &[u8]) -> Vec<u8> {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default()
            .system(zip::System::Unix)
            .external_attributes(mode << 16);
        writer.start_file(name, options).unwrap();
        writer.write_all(data).unwrap();
        writer.finish().unwrap().into_inner()
    }

    /// A tar entry with the name bytes written straight into the header, as an attacker would:
    /// the builder's `set_path` refuses `..` and absolute paths.
    fn raw_tar_entry(
        builder: &mut tar::Builder<Vec<u8>>,
        name: &[u8],
        entry_type: tar::EntryType,
        mode: u32,
        data: &[u8],
    ) {
        let mut header = tar::Header::new_ustar();
        let field = &mut header.as_old_mut().name;
        field.fill(0);
        field[..name.len()].copy_from_slice(name);
        header.set_entry_type(entry_type);
        header.set_mode(mode);
        header.set_size(data.len() as u64);
        header.set_cksum();
        builder.append(&header, data).unwrap();
    }

    fn tar_raw(entries: &[(&[u8], tar::EntryType, u32, &[u8])]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (name, entry_type, mode, data) in entries {
            raw_tar_entry(&mut builder, name, *entry_type, *mode, data);
        }
        builder.into_inner().unwrap()
    }

    fn tar_files(entries: &[(&str, u32, &[u8])]) -> Vec<u8> {
        let raw: Vec<(&[u8], tar::EntryType, u32, &[u8])> = entries
            .iter()
            .map(|(name, mode, data)| {
                let entry_type = if name.ends_with('/') {
                    tar::EntryType::Directory
                } else {
                    tar::EntryType::Regular
                };
                (name.as_bytes(), entry_type, *mode, *data)
            })
            .collect();
        tar_raw(&raw)
    }

    fn gz(data: &[u8]) -> Vec<u8> {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(data).unwrap();
        encoder.finish().unwrap()
    }

    // ---- archive_kind -------------------------------------------------------------------

    #[test]
    fn archive_kind_from_file_name() {
        assert_eq!(archive_kind("bot.zip"), Some(ArchiveKind::Zip));
        assert_eq!(archive_kind("BOT.ZIP"), Some(ArchiveKind::Zip));
        assert_eq!(archive_kind("bot.tar"), Some(ArchiveKind::Tar));
        assert_eq!(archive_kind("bot.tar.gz"), Some(ArchiveKind::TarGz));
        assert_eq!(archive_kind("bot.TGZ"), Some(ArchiveKind::TarGz));
        assert_eq!(
            archive_kind("C:\\fakepath\\bot.tgz"),
            Some(ArchiveKind::TarGz)
        );
        assert_eq!(archive_kind("bot.py"), None);
        assert_eq!(archive_kind("bot.gz"), None);
        assert_eq!(archive_kind("bot.rar"), None);
        assert_eq!(archive_kind("zip"), None);
    }

    // ---- what is accepted -----------------------------------------------------------------

    #[test]
    fn a_refusal_is_the_students_and_a_full_folder_is_ours() {
        let dir = tmp();
        let zip = zip_of(&[("../evil.py", b"x")]);
        let refused = unpack(ArchiveKind::Zip, &zip, dir.path(), &CAPS).unwrap_err();
        assert!(matches!(refused, ArchiveError::Refused(_)), "{refused:?}");
        fs::write(dir.path().join("left.txt"), b"x").unwrap();
        let ours = unpack(
            ArchiveKind::Zip,
            &zip_of(&[("bot.py", b"x")]),
            dir.path(),
            &CAPS,
        )
        .unwrap_err();
        assert!(matches!(ours, ArchiveError::FolderNotEmpty(_)), "{ours:?}");
        assert!(ours.to_string().starts_with("internal error:"), "{ours}");
        let root = tmp();
        let manifest = read_manifest(root.path()).unwrap_err();
        assert!(
            matches!(manifest, ArchiveError::Manifest(_)),
            "{manifest:?}"
        );
    }

    #[test]
    fn zip_unpacks_files_and_folders_with_safe_modes() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let plain = SimpleFileOptions::default().unix_permissions(0o666);
        let exec = SimpleFileOptions::default().unix_permissions(0o777);
        writer.add_directory("src/", plain).unwrap();
        writer.start_file("src/main.pl", plain).unwrap();
        writer.write_all(b"main.").unwrap();
        writer.start_file("run.sh", exec).unwrap();
        writer.write_all(b"#!/bin/sh\n").unwrap();
        // A file whose folder has no entry of its own: the folder is made for it.
        writer.start_file("lib/deep/util.pl", plain).unwrap();
        writer.write_all(b"util.").unwrap();
        let data = writer.finish().unwrap().into_inner();

        let dir = tmp();
        let files = unpack(ArchiveKind::Zip, &data, dir.path(), &CAPS).unwrap();
        assert_eq!(
            files,
            vec![
                PathBuf::from("src/main.pl"),
                PathBuf::from("run.sh"),
                PathBuf::from("lib/deep/util.pl")
            ]
        );
        assert_eq!(fs::read(dir.path().join("src/main.pl")).unwrap(), b"main.");
        assert_eq!(mode_of(&dir.path().join("src/main.pl")), 0o644);
        assert_eq!(mode_of(&dir.path().join("run.sh")), 0o755);
        assert_eq!(mode_of(&dir.path().join("src")), 0o755);
        assert_eq!(mode_of(&dir.path().join("lib/deep")), 0o755);
    }

    #[test]
    fn tar_gz_unpacks_dot_prefixed_names_and_strips_special_bits() {
        let mut builder = tar::Builder::new(Vec::new());
        // What `git archive` starts with: a global PAX header, metadata only.
        raw_tar_entry(
            &mut builder,
            b"pax_global_header",
            tar::EntryType::XGlobalHeader,
            0o666,
            b"52 comment=0123456789012345678901234567890123456789\n",
        );
        // What `tar -C dir -czf x.tgz .` writes: "./" and "./name".
        raw_tar_entry(&mut builder, b"./", tar::EntryType::Directory, 0o1777, b"");
        raw_tar_entry(
            &mut builder,
            b"./bin/",
            tar::EntryType::Directory,
            0o7777,
            b"",
        );
        raw_tar_entry(
            &mut builder,
            b"./bin/run",
            tar::EntryType::Regular,
            0o6755,
            b"x",
        );
        raw_tar_entry(
            &mut builder,
            b"./bot.py",
            tar::EntryType::Regular,
            0o4666,
            b"y",
        );
        let data = gz(&builder.into_inner().unwrap());

        let dir = tmp();
        let files = unpack(ArchiveKind::TarGz, &data, dir.path(), &CAPS).unwrap();
        assert_eq!(
            files,
            vec![PathBuf::from("bin/run"), PathBuf::from("bot.py")]
        );
        assert_eq!(mode_of(&dir.path().join("bin")), 0o755);
        assert_eq!(mode_of(&dir.path().join("bin/run")), 0o755);
        assert_eq!(mode_of(&dir.path().join("bot.py")), 0o644);
        assert_eq!(mode_of(dir.path()) & 0o7000, 0);
    }

    #[test]
    fn plain_tar_unpacks_long_names_from_the_builder() {
        // The builder writes a GNU long-name entry for paths over 100 bytes.
        let long = format!("{}/bot.py", "d".repeat(150));
        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_gnu();
        header.set_size(2);
        header.set_mode(0o644);
        builder.append_data(&mut header, &long, &b"ok"[..]).unwrap();
        let data = builder.into_inner().unwrap();

        let dir = tmp();
        let files = unpack(ArchiveKind::Tar, &data, dir.path(), &CAPS).unwrap();
        assert_eq!(files, vec![PathBuf::from(&long)]);
        assert_eq!(fs::read(dir.path().join(&long)).unwrap(), b"ok");
    }

    #[test]
    fn sixteen_levels_and_255_byte_parts_are_accepted() {
        let deep = format!("{}f.py", "d/".repeat(MAX_DEPTH - 1));
        let long = "n".repeat(MAX_COMPONENT_BYTES);
        let data = zip_of(&[(&deep, b"1"), (&long, b"2")]);
        let dir = tmp();
        let files = unpack(ArchiveKind::Zip, &data, dir.path(), &CAPS).unwrap();
        assert_eq!(files.len(), 2);
    }

    #[test]
    fn exactly_max_bytes_and_max_files_are_accepted() {
        let caps = Caps {
            max_files: 2,
            max_bytes: 10,
        };
        let data = zip_of(&[("a", b"12345"), ("b", b"67890")]);
        let dir = tmp();
        assert_eq!(
            unpack(ArchiveKind::Zip, &data, dir.path(), &caps)
                .unwrap()
                .len(),
            2
        );
    }

    // ---- names --------------------------------------------------------------------------

    #[test]
    fn refuses_parent_dir_in_zip() {
        let data = zip_of(&[("ok.py", b"fine"), ("../evil.py", b"x")]);
        let message = refused(ArchiveKind::Zip, &data, &CAPS, "climbs out");
        assert!(message.contains("\"../evil.py\""), "{message}");
        let data = zip_of(&[("a/../../evil.py", b"x")]);
        refused(ArchiveKind::Zip, &data, &CAPS, "climbs out");
    }

    #[test]
    fn refuses_parent_dir_in_tar() {
        let data = tar_raw(&[
            (b"ok.py", tar::EntryType::Regular, 0o644, b"fine"),
            (b"../evil.py", tar::EntryType::Regular, 0o644, b"x"),
        ]);
        refused(ArchiveKind::Tar, &data, &CAPS, "climbs out");
        let data = tar_raw(&[(b"a/..", tar::EntryType::Directory, 0o755, b"")]);
        refused(ArchiveKind::TarGz, &gz(&data), &CAPS, "climbs out");
        refused(
            ArchiveKind::TarGz,
            &gz(&tar_raw(&[(b"..", tar::EntryType::Directory, 0o755, b"")])),
            &CAPS,
            "climbs out",
        );
    }

    #[test]
    fn refuses_traversal_hidden_in_long_name_and_pax_records() {
        // The harmless header name is replaced by the GNU long name that precedes it.
        let data = tar_raw(&[
            (
                b"././@LongLink",
                tar::EntryType::GNULongName,
                0o644,
                b"../../evil.py\0",
            ),
            (b"innocent.py", tar::EntryType::Regular, 0o644, b"x"),
        ]);
        refused(ArchiveKind::Tar, &data, &CAPS, "\"../../evil.py\"");
        // The same through a PAX "path" record ("<length> path=<value>\n").
        let body = "path=/etc/evil.py\n";
        let record = format!("{} {body}", body.len() + 3);
        let data = tar_raw(&[
            (
                b"PaxHeaders/innocent.py",
                tar::EntryType::XHeader,
                0o644,
                record.as_bytes(),
            ),
            (b"innocent.py", tar::EntryType::Regular, 0o644, b"x"),
        ]);
        refused(
            ArchiveKind::TarGz,
            &gz(&data),
            &CAPS,
            "\"/etc/evil.py\" has an absolute",
        );
    }

    #[test]
    fn refuses_absolute_paths() {
        refused(
            ArchiveKind::Zip,
            &zip_of(&[("/tmp/evil.py", b"x")]),
            &CAPS,
            "absolute path",
        );
        let data = tar_raw(&[(b"/etc/cron.d/evil", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "absolute path");
        let data = tar_raw(&[(b"//evil", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "absolute path");
    }

    #[test]
    fn refuses_drive_prefixes() {
        refused(
            ArchiveKind::Zip,
            &zip_of(&[("C:/Windows/evil.py", b"x")]),
            &CAPS,
            "drive letter",
        );
        let data = tar_raw(&[(b"c:evil.py", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "drive letter");
    }

    #[test]
    fn refuses_backslash_tricks() {
        refused(
            ArchiveKind::Zip,
            &zip_of(&[("..\\..\\evil.py", b"x")]),
            &CAPS,
            "backslash",
        );
        let data = tar_raw(&[(b"src\\..\\..\\evil", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "backslash");
    }

    #[test]
    fn refuses_empty_names() {
        refused(
            ArchiveKind::Zip,
            &zip_of(&[("", b"x")]),
            &CAPS,
            "empty name",
        );
        let data = tar_raw(&[(b"", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "empty name");
        // "./" is the root itself: fine as a folder, but it cannot be a file.
        let data = tar_raw(&[(b"./", tar::EntryType::Regular, 0o644, b"")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "stored as a file");
        let data = tar_raw(&[(b".", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "empty name");
    }

    #[test]
    fn refuses_control_characters_and_non_utf8_names() {
        let data = tar_raw(&[(b"bot\n.py", tar::EntryType::Regular, 0o644, b"x")]);
        let message = refused(ArchiveKind::Tar, &data, &CAPS, "control character");
        assert!(message.contains("bot\\n.py"), "{message}");
        let data = tar_raw(&[(b"bot\xff.py", tar::EntryType::Regular, 0o644, b"x")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "not valid UTF-8");
    }

    #[test]
    fn messages_escape_hostile_text() {
        assert_eq!(shown("it's \"a\\b\".py"), "\"it's \"a\\b\".py\"");
        assert_eq!(shown("evil\u{202e}yp.txt"), "\"evil\\u{202e}yp.txt\"");
        assert_eq!(shown("a\u{1b}[2Jb"), "\"a\\u{1b}[2Jb\"");
        let long = "x".repeat(500);
        assert!(shown(&long).chars().count() < 110);
    }

    #[test]
    fn refuses_nesting_deeper_than_16() {
        let deep = format!("{}f.py", "d/".repeat(MAX_DEPTH));
        refused(
            ArchiveKind::Zip,
            &zip_of(&[(&deep, b"x")]),
            &CAPS,
            "deeper than 16",
        );
        let deep_dir = "d/".repeat(MAX_DEPTH + 1);
        refused(
            ArchiveKind::Zip,
            &zip_of(&[(&deep_dir, b"")]),
            &CAPS,
            "deeper than 16",
        );
    }

    #[test]
    fn refuses_name_parts_over_255_bytes() {
        let long = format!("src/{}.py", "n".repeat(MAX_COMPONENT_BYTES));
        refused(
            ArchiveKind::Zip,
            &zip_of(&[(&long, b"x")]),
            &CAPS,
            "longer than 255",
        );
        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_gnu();
        header.set_size(1);
        builder.append_data(&mut header, &long, &b"x"[..]).unwrap();
        refused(
            ArchiveKind::Tar,
            &builder.into_inner().unwrap(),
            &CAPS,
            "longer than 255",
        );
    }

    // ---- entry types --------------------------------------------------------------------

    #[test]
    fn refuses_tar_symlinks_and_hard_links() {
        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Symlink);
        header.set_size(0);
        builder.append_link(&mut header, "escape", "/etc").unwrap();
        let data = builder.into_inner().unwrap();
        refused(ArchiveKind::Tar, &data, &CAPS, "symbolic link");

        let mut builder = tar::Builder::new(Vec::new());
        raw_tar_entry(&mut builder, b"a.py", tar::EntryType::Regular, 0o644, b"x");
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Link);
        header.set_size(0);
        builder
            .append_link(&mut header, "b.py", "/etc/shadow")
            .unwrap();
        let data = builder.into_inner().unwrap();
        refused(ArchiveKind::TarGz, &gz(&data), &CAPS, "hard link");
    }

    #[test]
    fn refuses_zip_symlinks() {
        let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
        writer
            .add_symlink("escape", "/etc", SimpleFileOptions::default())
            .unwrap();
        let data = writer.finish().unwrap().into_inner();
        refused(ArchiveKind::Zip, &data, &CAPS, "symbolic link");
        // The same with the file type written by hand.
        let data = zip_with_mode("escape2", 0o120_777, b"/etc");
        refused(ArchiveKind::Zip, &data, &CAPS, "symbolic link");
    }

    #[test]
    fn refuses_devices_and_fifos() {
        for (entry_type, reason) in [
            (tar::EntryType::Char, "device"),
            (tar::EntryType::Block, "device"),
            (tar::EntryType::Fifo, "fifo"),
        ] {
            let data = tar_raw(&[(b"dev", entry_type, 0o644, b"")]);
            refused(ArchiveKind::Tar, &data, &CAPS, reason);
        }
        refused(
            ArchiveKind::Zip,
            &zip_with_mode("dev", 0o020_644, b""),
            &CAPS,
            "device",
        );
        refused(
            ArchiveKind::Zip,
            &zip_with_mode("dev", 0o060_644, b""),
            &CAPS,
            "device",
        );
        refused(
            ArchiveKind::Zip,
            &zip_with_mode("pipe", 0o010_644, b""),
            &CAPS,
            "fifo",
        );
        refused(
            ArchiveKind::Zip,
            &zip_with_mode("sock", 0o140_644, b""),
            &CAPS,
            "socket",
        );
    }

    #[test]
    fn refuses_unknown_tar_entry_types() {
        let data = tar_raw(&[(b"odd", tar::EntryType::new(b'Z'), 0o644, b"")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "unknown entry type");
    }

    #[test]
    fn refuses_duplicate_entries() {
        let data = tar_files(&[("bot.py", 0o644, b"first"), ("bot.py", 0o644, b"second")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "appears twice");
        // Two different zip names for one path.
        let data = zip_of(&[("bot.py", b"first"), ("./bot.py", b"second")]);
        refused(ArchiveKind::Zip, &data, &CAPS, "appears twice");
        let data = zip_of(&[("src/", b""), ("src", b"x")]);
        refused(ArchiveKind::Zip, &data, &CAPS, "appears twice");
    }

    #[test]
    fn refuses_a_folder_where_a_file_was_written() {
        let data = tar_files(&[("lib", 0o644, b"x"), ("lib/evil.py", 0o644, b"y")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "already put a file");
        let data = tar_files(&[("lib", 0o644, b"x"), ("lib/", 0o755, b"")]);
        refused(ArchiveKind::Tar, &data, &CAPS, "already put a file");
    }

    #[test]
    fn never_writes_through_what_is_on_disk() {
        // Even a link that got there some other way is not followed: create_new refuses it.
        let outside = tmp();
        let dir = tmp();
        let mut unpacker = Unpacker::new(ArchiveKind::Tar, dir.path(), &CAPS);
        std::os::unix::fs::symlink(outside.path().join("target"), dir.path().join("bot.py"))
            .unwrap();
        let result = unpacker.write_file(
            Path::new("bot.py"),
            "bot.py",
            None,
            false,
            &mut &b"evil"[..],
        );
        assert!(
            matches!(result, Err(Fail::Refused(ArchiveError::Refused(m))) if m.contains("appears twice"))
        );
        assert!(empty(outside.path()));
    }

    #[test]
    fn refuses_encrypted_zip_entries() {
        let mut data = zip_of(&[("bot.py", b"secret")]);
        // Set the "encrypted" flag (bit 0 of the general purpose flags) in both headers.
        for (signature, flags_at) in [(b"PK\x03\x04", 6), (b"PK\x01\x02", 8)] {
            let at = data.windows(4).position(|w| w == signature).unwrap();
            data[at + flags_at] |= 1;
        }
        refused(ArchiveKind::Zip, &data, &CAPS, "password");
    }

    // ---- caps ---------------------------------------------------------------------------

    #[test]
    fn refuses_zip_bomb_of_50_mb_zeros() {
        let zeros = vec![0u8; 50 << 20];
        let data = zip_of(&[("bomb.txt", &zeros)]);
        assert!(
            data.len() < 1 << 20,
            "the bomb should be small: {}",
            data.len()
        );
        refused(ArchiveKind::Zip, &data, &CAPS, "more than 1048576 bytes");
    }

    #[test]
    fn refuses_zip_bomb_that_lies_about_its_size() {
        let zeros = vec![0u8; 50 << 20];
        let mut data = zip_of(&[("bomb.txt", &zeros)]);
        // Declare 1000 bytes, uncompressed, in both the local header and the central directory.
        for (signature, size_at) in [(b"PK\x03\x04", 22), (b"PK\x01\x02", 24)] {
            let at = data.windows(4).position(|w| w == signature).unwrap();
            data[at + size_at..at + size_at + 4].copy_from_slice(&1000u32.to_le_bytes());
        }
        // The zip reader stops it as the output passes the declared size; the caps would
        // have stopped it at 1 MB otherwise (see caps_count_bytes_read_not_bytes_declared).
        let message = refused(ArchiveKind::Zip, &data, &CAPS, "\"bomb.txt\"");
        assert!(message.contains("larger than"), "{message}");
    }

    #[test]
    fn caps_count_bytes_read_not_bytes_declared() {
        // A reader that delivers far more than its entry declared.
        let dir = tmp();
        let mut unpacker = Unpacker::new(ArchiveKind::Zip, dir.path(), &CAPS);
        let mut lying = io::repeat(0).take(50 << 20);
        let result = unpacker.write_file(
            Path::new("small.txt"),
            "small.txt",
            Some(10),
            false,
            &mut lying,
        );
        assert!(
            matches!(result, Err(Fail::Refused(ArchiveError::Refused(m))) if m.contains("more than 1048576 bytes"))
        );
        unpacker.remove_written();
        assert!(empty(dir.path()));
    }

    #[test]
    fn refuses_tar_gz_bomb_of_50_mb_zeros() {
        let zeros = vec![0u8; 50 << 20];
        let data = gz(&tar_files(&[("bomb.txt", 0o644, &zeros)]));
        assert!(data.len() < 1 << 20);
        refused(ArchiveKind::TarGz, &data, &CAPS, "more than 1048576 bytes");
    }

    #[test]
    fn refuses_tar_gz_bomb_hidden_in_a_pax_header() {
        // The tar reader loads PAX records whole into memory; the stream cap stops it first.
        let record = vec![b'a'; 50 << 20];
        let data = gz(&tar_raw(&[
            (
                b"PaxHeaders/bot.py",
                tar::EntryType::XHeader,
                0o644,
                &record,
            ),
            (b"bot.py", tar::EntryType::Regular, 0o644, b"x"),
        ]));
        assert!(data.len() < 1 << 20);
        refused(ArchiveKind::TarGz, &data, &CAPS, "more than 1048576 bytes");
    }

    #[test]
    fn refuses_more_bytes_than_the_cap_across_files() {
        let part = vec![7u8; 600 * 1024];
        let data = zip_of(&[("a.bin", &part), ("b.bin", &part)]);
        let message = refused(ArchiveKind::Zip, &data, &CAPS, "more than 1048576 bytes");
        assert!(message.contains("\"b.bin\""), "{message}");
    }

    #[test]
    fn refuses_more_files_than_the_cap() {
        let caps = Caps {
            max_files: 3,
            max_bytes: 1 << 20,
        };
        let data = zip_of(&[("a", b""), ("b", b""), ("c", b""), ("d", b"")]);
        refused(ArchiveKind::Zip, &data, &caps, "more than 3 files");
        let names: Vec<String> = (0..5).map(|i| format!("d{i}/")).collect();
        let entries: Vec<(&str, u32, &[u8])> = names
            .iter()
            .map(|n| (n.as_str(), 0o755, &b""[..]))
            .collect();
        refused(
            ArchiveKind::Tar,
            &tar_files(&entries),
            &caps,
            "more than 3 folders",
        );
    }

    // ---- damaged archives ---------------------------------------------------------------

    #[test]
    fn corrupt_or_wrong_format_is_reported_in_words() {
        refused(
            ArchiveKind::Zip,
            b"hello, not a zip",
            &CAPS,
            "not a valid .zip archive",
        );
        let tar = tar_files(&[("bot.py", 0o644, b"x")]);
        refused(ArchiveKind::Zip, &tar, &CAPS, "not a valid .zip archive");
        refused(
            ArchiveKind::TarGz,
            &tar,
            &CAPS,
            "not a valid .tar.gz archive",
        );
        let zip = zip_of(&[("bot.py", b"x")]);
        refused(ArchiveKind::Tar, &zip, &CAPS, "not a valid .tar archive");
        // The tar reader quotes the garbage header in its error: it comes back escaped and short.
        let mut junk = [b'x'; 700];
        junk[3] = 0x1b;
        let message = refused(ArchiveKind::Tar, &junk, &CAPS, "not a valid .tar archive");
        assert!(
            !message.contains('\u{1b}') && message.len() < 400,
            "{message}"
        );
        refused(
            ArchiveKind::Tar,
            &[b'x'; 100],
            &CAPS,
            "not a valid .tar archive",
        );
        // A .tar.gz cut short in the middle of its compressed stream.
        let good = gz(&tar_files(&[("bot.py", 0o644, &vec![9u8; 100_000])]));
        refused(
            ArchiveKind::TarGz,
            &good[..good.len() / 2],
            &CAPS,
            "not a valid .tar.gz archive",
        );
        // A zip whose compressed data was damaged.
        let mut zip = zip_of(&[("bot.py", &vec![b'a'; 10_000])]);
        let header = zip.windows(4).position(|w| w == b"PK\x03\x04").unwrap();
        let name_len = u16::from_le_bytes([zip[header + 26], zip[header + 27]]) as usize;
        let extra_len = u16::from_le_bytes([zip[header + 28], zip[header + 29]]) as usize;
        let at = header + 30 + name_len + extra_len + 4;
        zip[at] ^= 0xff;
        zip[at + 1] ^= 0xff;
        refused(ArchiveKind::Zip, &zip, &CAPS, "not a valid .zip archive");
    }

    #[test]
    fn refuses_empty_archives() {
        refused(ArchiveKind::Zip, &zip_of(&[]), &CAPS, "holds no files");
        refused(ArchiveKind::Tar, &[0u8; 1024], &CAPS, "holds no files");
        refused(
            ArchiveKind::Zip,
            &zip_of(&[("src/", b"")]),
            &CAPS,
            "holds no files",
        );
    }

    #[test]
    fn refuses_a_folder_that_is_not_empty() {
        let dir = tmp();
        fs::write(dir.path().join("keep"), b"mine").unwrap();
        let data = zip_of(&[("bot.py", b"x")]);
        assert!(unpack(ArchiveKind::Zip, &data, dir.path(), &CAPS).is_err());
        assert_eq!(fs::read(dir.path().join("keep")).unwrap(), b"mine");
    }

    // ---- manifest -----------------------------------------------------------------------

    fn root_with(files: &[(&str, &str)]) -> TempDir {
        let dir = tmp();
        for (name, text) in files {
            let path = dir.path().join(name);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    fn manifest_error(files: &[(&str, &str)], needle: &str) -> String {
        let root = root_with(files);
        let message = read_manifest(root.path()).unwrap_err().to_string();
        assert!(
            message.contains(needle),
            "message {message:?} lacks {needle:?}"
        );
        message
    }

    #[test]
    fn manifest_command_string_is_split_and_checked() {
        let root = root_with(&[
            ("tabula.toml", "command = \"python3 bot.py --fast\"\n"),
            ("bot.py", ""),
        ]);
        assert_eq!(
            read_manifest(root.path()).unwrap(),
            Manifest::Command(vec!["python3".into(), "bot.py".into(), "--fast".into()])
        );
    }

    #[test]
    fn manifest_command_array() {
        let root = root_with(&[
            (
                "tabula.toml",
                "command = [\"./run\", \"--name\", \"My Bot\"]\n",
            ),
            ("run", ""),
        ]);
        assert_eq!(
            read_manifest(root.path()).unwrap(),
            Manifest::Command(vec!["./run".into(), "--name".into(), "My Bot".into()])
        );
        // No path-like word (a module, a system program): nothing to check.
        let root = root_with(&[(
            "tabula.toml",
            "command = [\"/usr/bin/python3\", \"-m\", \"bot\"]",
        )]);
        assert!(read_manifest(root.path()).is_ok());
    }

    #[test]
    fn manifest_player() {
        let root = root_with(&[
            ("tabula.toml", "player = \"./src/main.pl\"\n"),
            ("src/main.pl", "main."),
        ]);
        assert_eq!(
            read_manifest(root.path()).unwrap(),
            Manifest::Player(PathBuf::from("src/main.pl"))
        );
    }

    #[test]
    fn manifest_missing_says_what_to_write() {
        let message = manifest_error(&[("bot.py", "")], "no tabula.toml");
        assert!(
            message.contains("command = \"python3 bot.py --fast\""),
            "{message}"
        );
        assert!(message.contains("player = \"src/main.pl\""), "{message}");
        let message = manifest_error(
            &[("mybot/tabula.toml", "player = \"a.pl\"")],
            "inside the folder \"mybot\"",
        );
        assert!(message.contains("top level"), "{message}");
    }

    #[test]
    fn manifest_unknown_keys_both_and_neither() {
        manifest_error(
            &[("tabula.toml", "command = \"x\"\nlanguage = \"py\"")],
            "unknown key \"language\"",
        );
        manifest_error(
            &[("tabula.toml", "[run]\ncommand = \"x\"")],
            "unknown key \"run\"",
        );
        manifest_error(
            &[
                (
                    "tabula.toml",
                    "command = \"swipl main.pl\"\nplayer = \"main.pl\"",
                ),
                ("main.pl", ""),
            ],
            "both",
        );
        manifest_error(&[("tabula.toml", "")], "neither");
        manifest_error(&[("tabula.toml", "# nothing\n")], "neither");
    }

    #[test]
    fn manifest_bad_toml_and_bad_types() {
        manifest_error(
            &[("tabula.toml", "command = python3 bot.py")],
            "not valid TOML",
        );
        manifest_error(&[("tabula.toml", "command = 3")], "must be a string");
        manifest_error(&[("tabula.toml", "command = [\"a\", 1]")], "every item");
        manifest_error(&[("tabula.toml", "command = \"\"")], "empty");
        manifest_error(&[("tabula.toml", "command = []")], "empty");
        manifest_error(
            &[("tabula.toml", "player = [\"a.pl\"]")],
            "file name in quotes",
        );
        manifest_error(
            &[
                ("tabula.toml", "command = \"python3 bot.py | tee log\""),
                ("bot.py", ""),
            ],
            "not run by a shell",
        );
        manifest_error(&[("tabula.toml", "command = \"a\u{0}\"")], "not valid TOML");
    }

    #[test]
    fn manifest_command_file_must_exist() {
        let message = manifest_error(
            &[
                ("tabula.toml", "command = \"python3 bott.py\""),
                ("bot.py", ""),
            ],
            "no such file",
        );
        assert!(message.contains("\"bott.py\""), "{message}");
        manifest_error(&[("tabula.toml", "command = \"./run.sh\"")], "no such file");
        manifest_error(
            &[("tabula.toml", "command = \"node lib/\""), ("lib/a.js", "")],
            "is a folder",
        );
        manifest_error(
            &[("tabula.toml", "command = \"python3 ../bot.py\"")],
            "climbs out",
        );
    }

    #[test]
    fn manifest_player_must_exist_and_be_a_player_file() {
        manifest_error(&[("tabula.toml", "player = \"main.pl\"")], "no such file");
        manifest_error(
            &[("tabula.toml", "player = \"main.exe\""), ("main.exe", "")],
            ".pl, .lisp or .py",
        );
        manifest_error(
            &[("tabula.toml", "player = \"src.pl\""), ("src.pl/x", "")],
            "is a folder",
        );
        manifest_error(&[("tabula.toml", "player = \"\"")], "empty");
    }

    #[test]
    fn manifest_player_escaping_the_root_is_refused() {
        let outside = tmp();
        fs::write(outside.path().join("evil.pl"), "").unwrap();
        let root = root_with(&[("tabula.toml", "player = \"../evil.pl\"")]);
        let message = read_manifest(root.path()).unwrap_err().to_string();
        assert!(message.contains("climbs out"), "{message}");
        let absolute = format!("player = \"{}\"", outside.path().join("evil.pl").display());
        manifest_error(&[("tabula.toml", &absolute)], "absolute path");
        manifest_error(
            &[("tabula.toml", "player = \"..\\\\evil.pl\"")],
            "backslash",
        );
        manifest_error(
            &[("tabula.toml", "player = \"C:/evil.pl\"")],
            "drive letter",
        );
        // A link inside the root that points outside is not a file of the archive.
        let root = root_with(&[("tabula.toml", "player = \"link.pl\"")]);
        std::os::unix::fs::symlink(outside.path().join("evil.pl"), root.path().join("link.pl"))
            .unwrap();
        assert!(
            read_manifest(root.path())
                .unwrap_err()
                .to_string()
                .contains("no such file")
        );
    }

    #[test]
    fn manifest_that_is_not_a_plain_file_or_too_large() {
        let root = tmp();
        fs::create_dir(root.path().join(MANIFEST_NAME)).unwrap();
        assert!(
            read_manifest(root.path())
                .unwrap_err()
                .to_string()
                .contains("plain text file")
        );
        let big = format!("command = \"x\"\n#{}\n", "a".repeat(70_000));
        manifest_error(&[("tabula.toml", &big)], "too large");
    }
}
