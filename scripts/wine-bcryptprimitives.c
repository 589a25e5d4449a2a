/* ProcessPrng, the one export of Windows 10's bcryptprimitives.dll that Rust's standard library
 * (1.78 and later) imports for its random numbers (HashMap keys). Wine 8 (Debian 12) lacks the
 * DLL, so the tests' Wine prefix gets this stand-in, built by scripts/wine-run.sh; it draws from
 * RtlGenRandom (advapi32's SystemFunction036), which Wine has. Never shipped: Windows has it. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
