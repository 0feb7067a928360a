#!/usr/bin/env python3
"""A Python script with a shebang."""


def main():
    print("hello")


if __name__ == "__main__":
    main()
