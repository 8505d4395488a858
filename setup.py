"""`pip install --no-build-isolation .`: the package `ringline`, built by CMake.

The extension is CMake's: build_ext configures build-pip/ (RINGLINE_PYTHON=ON, for the
interpreter running pip), builds the target `ringline_python` (the extension module and
the package folder build-pip/python/ringline: its Python files, the .pyi type hints, py.typed
and a copy of stdlib/) and copies that folder into the wheel. $RINGLINE_PIP_BUILD names
another build folder, $CMAKE_BUILD_PARALLEL_LEVEL the jobs (2).
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    """Builds `ringline._ringline` and the package's files with CMake."""

    def build_extension(self, ext: Extension) -> None:
        build = Path(os.environ.get("RINGLINE_PIP_BUILD") or ROOT / "build-pip").resolve()
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL", "2")
        subprocess.run(["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
                        "-DRINGLINE_PYTHON=ON", f"-DPython3_EXECUTABLE={sys.executable}"], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "ringline_python", "-j", jobs], check=True)
        built = build / "python" / "ringline"
        dest = Path(self.get_ext_fullpath(ext.name)).parent
        shutil.copytree(built, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__"))


(ROOT / "build-pip").mkdir(exist_ok=True)
setup(
    ext_modules=[Extension("ringline._ringline", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    # setuptools' own build folder is not the repository's build/ (CMake's).
    options={"build": {"build_base": "build-pip/setuptools"}, "egg_info": {"egg_base": "build-pip"}},
)
