/*
 * plugin.c - compiled plugins: shared libraries whose entries join the
 * registry at run time (docs/plugins.md).
 *
 * A plugin exports one function, MZ_PLUGIN_SYMBOL, that returns its
 * mz_plugin: the ABI number, sizeof(mz_algo) as it was built, its entries
 * and their count, and its name. Before dlopen maps the file, the file is
 * checked: a regular file (never a FIFO or a device, which could block or
 * never end), an ELF shared object of this machine's class, byte order and
 * architecture, whose headers and segments all lie inside the file (a
 * file cut short would make the loader touch pages past its end: SIGBUS).
 * Loading then checks everything the description declares before anything
 * is added (mz_algo_check for each entry, the one check every entry added
 * at run time passes), so a plugin built against another header, or with a
 * malformed entry, is refused with one line and leaves the registry as it
 * was. The plugin's own code runs only when its description function is
 * called and, later, when its entries run: nothing here can make a broken
 * entry safe to run (the `vet` command checks them), but nothing a
 * description holds is trusted before it is checked.
 *
 * The library lives in the CLI (dlopen is no part of the core library,
 * which never loads code); the executable exports the library's symbols
 * (CMake ENABLE_EXPORTS) and a plugin resolves them from the process.
 */
#define _POSIX_C_SOURCE 200809L
#include "plugin.h"
#include "../mazebench_plugin.h"

#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Most entries one plugin may declare. */
#define MZP_MAX_ENTRIES 255
#define MZP_MAX_PLUGINS 64
/* Longest plugin name (text, for messages and `list`). */
#define MZP_NAME_MAX 128

typedef struct loaded {
    char *path;
    const mz_plugin *p;
    void *handle;
    dev_t dev;
    ino_t ino;
} loaded;

static loaded plugins[MZP_MAX_PLUGINS];
static const char *paths[MZP_MAX_PLUGINS + 1];
static size_t nplugins;

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static mz_status refuse(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return MZ_EINVAL;
}

static const char *kind_word(mz_kind k)
{
    switch (k) {
    case MZ_GEN: return "generator";
    case MZ_POST: return "post-processor";
    case MZ_SOLVER: return "solver";
    }
    return "entry";
}

/* ---- the file, before dlopen ---- */

#if UINTPTR_MAX > 0xffffffffu
#define ELF_CLASS ELFCLASS64
typedef Elf64_Ehdr ehdr_t;
typedef Elf64_Phdr phdr_t;
typedef Elf64_Shdr shdr_t;
#else
#define ELF_CLASS ELFCLASS32
typedef Elf32_Ehdr ehdr_t;
typedef Elf32_Phdr phdr_t;
typedef Elf32_Shdr shdr_t;
#endif

#if defined(__x86_64__)
#define ELF_MACHINE EM_X86_64
#elif defined(__i386__)
#define ELF_MACHINE EM_386
#elif defined(__aarch64__)
#define ELF_MACHINE EM_AARCH64
#elif defined(__arm__)
#define ELF_MACHINE EM_ARM
#elif defined(__riscv)
#define ELF_MACHINE EM_RISCV
#elif defined(__powerpc64__)
#define ELF_MACHINE EM_PPC64
#elif defined(__powerpc__)
#define ELF_MACHINE EM_PPC
#elif defined(__s390__)
#define ELF_MACHINE EM_S390
#elif defined(__loongarch__)
#define ELF_MACHINE 258 /* EM_LOONGARCH */
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define ELF_DATA ELFDATA2MSB
#else
#define ELF_DATA ELFDATA2LSB
#endif

/* Read len bytes at off of fd into buf; false when the file is shorter. */
static bool read_at(int fd, void *buf, size_t len, uint64_t off)
{
    unsigned char *b = buf;
    while (len) {
        ssize_t n = pread(fd, b, len, (off_t)off);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        b += n;
        len -= (size_t)n;
        off += (uint64_t)n;
    }
    return true;
}

/* *need = max(*need, off + count * size), or false on overflow. */
static bool extend(uint64_t *need, uint64_t off, uint64_t count, uint64_t size)
{
    if (size && count > UINT64_MAX / size)
        return false;
    const uint64_t n = count * size;
    if (off > UINT64_MAX - n)
        return false;
    if (off + n > *need)
        *need = off + n;
    return true;
}

/* Check the file as dlopen would map it (path: its name in messages); on
 * success *dev, *ino name it. */
static mz_status check_file(const char *file, const char *path, dev_t *dev, ino_t *ino,
                            char *err, size_t errlen)
{
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
    if (fd < 0)
        return refuse(err, errlen, "plugin %s: cannot open it: %s", path, strerror(errno));
    struct stat st;
    mz_status s = MZ_OK;
    if (fstat(fd, &st) != 0) {
        s = refuse(err, errlen, "plugin %s: cannot read it: %s", path, strerror(errno));
        goto out;
    }
    if (!S_ISREG(st.st_mode)) {
        s = refuse(err, errlen, "plugin %s: not a regular file (a %s): a plugin is a shared "
                   "library file", path, S_ISDIR(st.st_mode) ? "directory"
                   : S_ISFIFO(st.st_mode) ? "FIFO" : S_ISCHR(st.st_mode) ? "character device"
                   : S_ISBLK(st.st_mode) ? "block device" : S_ISSOCK(st.st_mode) ? "socket"
                   : "special file");
        goto out;
    }
    *dev = st.st_dev;
    *ino = st.st_ino;
    const uint64_t size = (uint64_t)st.st_size;
    ehdr_t eh;
    if (size < sizeof eh || !read_at(fd, &eh, sizeof eh, 0) ||
        memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0) {
        s = refuse(err, errlen, "plugin %s: not a shared library (no ELF header%s)", path,
                   size < sizeof eh ? ": the file is shorter than one" : "");
        goto out;
    }
    if (eh.e_ident[EI_CLASS] != ELF_CLASS || eh.e_ident[EI_DATA] != ELF_DATA) {
        s = refuse(err, errlen, "plugin %s: built for another machine (ELF class %u, byte "
                   "order %u; this mazebench is class %u, byte order %u)", path,
                   eh.e_ident[EI_CLASS], eh.e_ident[EI_DATA], ELF_CLASS, ELF_DATA);
        goto out;
    }
#ifdef ELF_MACHINE
    if (eh.e_machine != ELF_MACHINE) {
        s = refuse(err, errlen, "plugin %s: built for another architecture (ELF machine %u, "
                   "this mazebench is %u)", path, (unsigned)eh.e_machine, (unsigned)ELF_MACHINE);
        goto out;
    }
#endif
    if (eh.e_type != ET_DYN) {
        s = refuse(err, errlen, "plugin %s: an ELF file but not a shared library (type %u)",
                   path, (unsigned)eh.e_type);
        goto out;
    }
    if (eh.e_ehsize < sizeof eh || eh.e_phnum == 0 || eh.e_phnum == PN_XNUM ||
        eh.e_phentsize != sizeof(phdr_t) || (eh.e_shnum && eh.e_shentsize != sizeof(shdr_t))) {
        s = refuse(err, errlen, "plugin %s: a malformed ELF header (header, program header or "
                   "section header sizes)", path);
        goto out;
    }
    uint64_t need = sizeof eh;
    bool ok = extend(&need, eh.e_phoff, eh.e_phnum, sizeof(phdr_t));
    if (ok && eh.e_shoff)
        ok = extend(&need, eh.e_shoff, eh.e_shnum ? eh.e_shnum : 1, sizeof(shdr_t));
    if (ok && need <= size) {
        for (unsigned k = 0; ok && k < eh.e_phnum; k++) {
            phdr_t ph;
            if (!read_at(fd, &ph, sizeof ph, eh.e_phoff + (uint64_t)k * sizeof ph)) {
                ok = false;
                break;
            }
            ok = extend(&need, ph.p_offset, 1, ph.p_filesz);
        }
        for (unsigned k = 0; ok && eh.e_shoff && k < eh.e_shnum && need <= size; k++) {
            shdr_t sh;
            if (!read_at(fd, &sh, sizeof sh, eh.e_shoff + (uint64_t)k * sizeof sh)) {
                ok = false;
                break;
            }
            if (sh.sh_type != SHT_NOBITS)
                ok = extend(&need, sh.sh_offset, 1, sh.sh_size);
        }
    }
    if (!ok) {
        s = refuse(err, errlen, "plugin %s: a malformed ELF file (a header or segment past "
                   "any file size)", path);
        goto out;
    }
    if (need > size)
        s = refuse(err, errlen, "plugin %s: cut short: its headers and segments need %llu "
                   "bytes, the file has %llu", path, (unsigned long long)need,
                   (unsigned long long)size);
out:
    close(fd);
    return s;
}

/* ---- the description ---- */

/* Check entry a, number k of plugin pname; list[0..k) are the entries
 * before it. */
static mz_status check_entry(const char *pname, const mz_algo *a, size_t k,
                             const mz_algo *const *list, char *err, size_t errlen)
{
    if (!a)
        return refuse(err, errlen, "plugin '%s': entry %zu is NULL (nalgos counts the "
                      "entries, without a NULL end)", pname, k + 1);
    char why[400];
    if (mz_algo_check(a, why, sizeof why) != MZ_OK)
        return refuse(err, errlen, "plugin '%s': entry %zu: %s", pname, k + 1, why);
    const char *n = a->name;
    for (size_t j = 0; j < k; j++)
        if (list[j]->kind == a->kind && strcmp(list[j]->name, n) == 0)
            return refuse(err, errlen, "plugin '%s': two %ss named '%s'", pname,
                          kind_word(a->kind), n);
    if (mz_find(a->kind, n)) {
        const char *other = mzp_plugin_of(mz_find(a->kind, n));
        return refuse(err, errlen, "plugin '%s': a %s named '%s' exists already (%s): rename "
                      "the plugin's", pname, kind_word(a->kind), n,
                      other ? other : "built in or declared");
    }
    return MZ_OK;
}

static mz_status check_plugin(const mz_plugin *p, const char *path, char *err, size_t errlen)
{
    if (!p)
        return refuse(err, errlen, "plugin %s: %s() returned NULL", path, MZ_PLUGIN_SYMBOL);
    /* abi comes first in every version: nothing else is read before it
     * says which layout the rest has. */
    if (p->abi == 1)
        return refuse(err, errlen, "plugin %s: ABI 1, whose entry list has no count; this "
                      "mazebench loads ABI %d (rebuild the plugin against this "
                      "src/mazebench.h and set nalgos)", path, MZ_PLUGIN_ABI);
    if (p->abi != MZ_PLUGIN_ABI)
        return refuse(err, errlen, "plugin %s: ABI %u, this mazebench loads ABI %d (rebuild it "
                      "against this src/mazebench.h)", path, p->abi, MZ_PLUGIN_ABI);
    if (p->algo_size != sizeof(mz_algo))
        return refuse(err, errlen, "plugin %s: built with sizeof(mz_algo) = %zu, this "
                      "mazebench has %zu (rebuild it against this src/mazebench.h)",
                      path, p->algo_size, sizeof(mz_algo));
    if (p->name) {
        char why[200];
        if (mz_text_check(p->name, why, sizeof why) != MZ_OK)
            return refuse(err, errlen, "plugin %s: its name %s", path, why);
        if (strlen(p->name) > MZP_NAME_MAX)
            return refuse(err, errlen, "plugin %s: its name is longer than %d bytes", path,
                          MZP_NAME_MAX);
    }
    const char *pname = p->name && *p->name ? p->name : path;
    if (p->nalgos == 0 || !p->algos)
        return refuse(err, errlen, "plugin '%s': no entries (nalgos 0 or algos NULL)", pname);
    if (p->nalgos > MZP_MAX_ENTRIES)
        return refuse(err, errlen, "plugin '%s': %zu entries (at most %d)", pname, p->nalgos,
                      MZP_MAX_ENTRIES);
    for (size_t k = 0; k < p->nalgos; k++) {
        mz_status s = check_entry(pname, p->algos[k], k, p->algos, err, errlen);
        if (s != MZ_OK)
            return s;
    }
    return MZ_OK;
}

mz_status mzp_load(const char *path, char *err, size_t errlen)
{
    if (!path || !*path)
        return refuse(err, errlen, "--plugin: an empty file name");
    if (nplugins == MZP_MAX_PLUGINS)
        return refuse(err, errlen, "plugin %s: more than %d plugins", path, MZP_MAX_PLUGINS);
    /* dlopen searches the library path for a name without a slash: a
     * plugin is a file, so it is looked for where the user said. */
    size_t len = strlen(path);
    char *full = malloc(len + 3);
    if (!full) {
        snprintf(err, errlen, "plugin %s: out of memory", path);
        return MZ_ENOMEM;
    }
    snprintf(full, len + 3, "%s%s", strchr(path, '/') ? "" : "./", path);
    dev_t dev = 0;
    ino_t ino = 0;
    mz_status s = check_file(full, path, &dev, &ino, err, errlen);
    if (s != MZ_OK) {
        free(full);
        return s;
    }
    for (size_t k = 0; k < nplugins; k++)
        if (plugins[k].dev == dev && plugins[k].ino == ino) {
            if (strcmp(plugins[k].path, full) == 0)
                s = refuse(err, errlen, "plugin %s: loaded twice", path);
            else
                s = refuse(err, errlen, "plugin %s: loaded twice (the file %s, loaded "
                           "already)", path, plugins[k].path);
            free(full);
            return s;
        }
    void *h = dlopen(full, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        free(full);
        return refuse(err, errlen, "plugin %s: cannot load it: %s", path,
                      why ? why : "unknown reason");
    }
    void *sym = dlsym(h, MZ_PLUGIN_SYMBOL);
    if (!sym) {
        dlclose(h);
        free(full);
        return refuse(err, errlen, "plugin %s: no function %s() (a plugin exports "
                      "'const mz_plugin *%s(void)')", path, MZ_PLUGIN_SYMBOL, MZ_PLUGIN_SYMBOL);
    }
    mz_plugin_fn fn;
    memcpy(&fn, &sym, sizeof fn); /* object to function pointer, as POSIX allows */
    const mz_plugin *p = fn();
    s = check_plugin(p, path, err, errlen);
    if (s != MZ_OK) {
        dlclose(h);
        free(full);
        return s;
    }
    const size_t count = p->nalgos;
    for (size_t k = 0; k < count; k++) {
        s = mz_registry_add(p->algos[k]);
        if (s != MZ_OK) {
            /* Checked above, so only memory can fail: take back what this
             * plugin added (the list keeps the earlier ones). */
            size_t n = 0;
            const mz_algo *const *all = mz_registry_added(&n);
            const mz_algo **keep = malloc((n + 1) * sizeof *keep);
            size_t nkeep = 0;
            for (size_t j = 0; keep && j < n; j++) {
                bool mine = false;
                for (size_t i = 0; i < k; i++)
                    mine |= all[j] == p->algos[i];
                if (!mine)
                    keep[nkeep++] = all[j];
            }
            if (keep) { /* else the few added stay: the command stops anyway */
                mz_registry_drop_added();
                for (size_t j = 0; j < nkeep; j++)
                    (void)mz_registry_add(keep[j]);
                free(keep);
            }
            dlclose(h);
            free(full);
            snprintf(err, errlen, "plugin %s: %s", path, mz_status_str(s));
            return s;
        }
    }
    plugins[nplugins].path = full;
    plugins[nplugins].p = p;
    plugins[nplugins].handle = h;
    plugins[nplugins].dev = dev;
    plugins[nplugins].ino = ino;
    paths[nplugins] = full;
    nplugins++;
    paths[nplugins] = NULL;
    return MZ_OK;
}

const char *mzp_plugin_of(const mz_algo *a)
{
    for (size_t k = 0; k < nplugins; k++)
        for (size_t e = 0; e < plugins[k].p->nalgos; e++)
            if (plugins[k].p->algos[e] == a)
                return plugins[k].p->name && *plugins[k].p->name ? plugins[k].p->name
                                                                   : plugins[k].path;
    return NULL;
}

const char *const *mzp_loaded(size_t *n)
{
    if (n)
        *n = nplugins;
    return paths;
}
